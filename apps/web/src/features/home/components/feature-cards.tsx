import { ArrowLeftRight, Grid3x3, NotebookPen, Scale } from 'lucide-react';
import { Card } from '@/components';

const features = [
  {
    icon: Grid3x3,
    title: 'Bingo Boards',
    text: 'Build boards of 25 good practices, give each one points, and tick them before you trade. Your score is the sum of what you ticked.',
  },
  {
    icon: Scale,
    title: 'Risk Management',
    text: 'Your score sets the risk/reward tier, from 2R to 5R. Win and loss streaks adjust the suggested size, and three stoplosses end the session.',
  },
  {
    icon: NotebookPen,
    title: 'Trade Journal',
    text: 'Enter the stoploss first, then the entry; the target is proposed from your tier. Close each trade as won or lost and keep the record.',
  },
  {
    icon: ArrowLeftRight,
    title: 'Exchange Connection',
    text: 'Connect a Hyperliquid account to see balance, positions and orders, and place or cancel orders right from the dashboard.',
  },
] as const;

export function FeatureCards() {
  return (
    <section className="features" aria-labelledby="features-title">
      <h2 id="features-title" className="features__title">
        Everything a disciplined trader needs
      </h2>
      <div className="features__grid">
        {features.map((f) => (
          <Card as="article" key={f.title} className="feature">
            <span className="feature__icon">
              <f.icon size={22} aria-hidden="true" />
            </span>
            <h3 className="feature__title">{f.title}</h3>
            <p className="feature__text">{f.text}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
