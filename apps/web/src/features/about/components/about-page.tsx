import { Link } from 'react-router';
import { Badge, buttonClass, Card, Page } from '@/components';
import './about.css';

const steps = [
  {
    title: 'Trade idea',
    text: 'Pick the trading pair and write down why you want to take the trade.',
  },
  {
    title: 'Bingo',
    text: 'Tick the good practices your setup meets. Each cell has points; the sum is your score.',
  },
  {
    title: 'Trade details',
    text: 'Enter the stoploss first, then the entry. The target is proposed from your risk/reward tier.',
  },
  {
    title: 'Risk management',
    text: 'Streaks of wins and losses adjust the suggested size. After three stoplosses the session ends.',
  },
  {
    title: 'Analytics',
    text: 'See what works for you: expectancy in R, equity curve, P/L calendar, and the edge of each bingo cell — does waiting for the candle close pay?',
    premium: true,
  },
] as const satisfies readonly { title: string; text: string; premium?: boolean }[];

export function AboutPage() {
  return (
    <Page
      title="About Trading Bingo"
      lead="Trading Bingo turns trading discipline into a game you play before every trade."
    >
      <ol className="about-steps">
        {steps.map((step, i) => (
          <li key={step.title}>
            <Card className="about-step">
              <span className="about-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h2 className="about-step__title">
                  {step.title}
                  {'premium' in step ? <Badge tone="accent">Premium</Badge> : null}
                </h2>
                <p className="about-step__text">{step.text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <div className="row about-actions">
        <Link to="/bingo" className={buttonClass('primary')}>
          Start Trading Now
        </Link>
        <Link to="/payment" className={buttonClass('secondary')}>
          See premium plans
        </Link>
      </div>
    </Page>
  );
}
