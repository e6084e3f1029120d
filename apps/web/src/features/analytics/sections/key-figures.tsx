import type { AnalyticsResponse } from '@tb/core';
import type { ReactNode } from 'react';
import {
  showDrawdownR,
  showDrawdownUsd,
  showR,
  showRatio,
  showUsd,
  showWinRate,
  toneOf,
} from '../format';
import './sections.css';

type Summary = AnalyticsResponse['summary'];

interface Figure {
  term: string;
  value: ReactNode;
  /** A second figure (USD beside R, open trades beside closed ones). */
  extra?: string;
  tone?: 'gain' | 'loss';
  hint?: string;
  /** A value in words, set smaller than the figures. */
  words?: boolean;
}

type OffPlan = AnalyticsResponse['offPlan'];

function figures(s: Summary, openTrades: number, offPlan: OffPlan): Figure[] {
  const off: Figure[] =
    offPlan.trades > 0
      ? [
          {
            // What trading outside the plan made or cost: not in any R figure (no plan, no R).
            term: 'Off-plan',
            value: showUsd(offPlan.pnlUsd),
            tone: toneOf(offPlan.pnlUsd),
            hint: `${offPlan.trades} ${offPlan.trades === 1 ? 'trade' : 'trades'} taken outside the plan`,
          },
        ]
      : [];
  return [
    {
      term: 'Trades',
      value: s.trades,
      extra: openTrades > 0 ? `+ ${openTrades} open` : undefined,
      hint: `${s.wins} won, ${s.losses} lost`,
    },
    { term: 'Win rate', value: showWinRate(s.winRate) },
    {
      term: 'Expectancy',
      value: showR(s.expectancyR),
      extra: showUsd(s.expectancyUsd),
      tone: toneOf(s.expectancyR),
      hint: 'per trade',
    },
    { term: 'Profit factor', value: showRatio(s.profitFactor), hint: 'gains ÷ losses, in $' },
    {
      term: 'Payoff ratio',
      value: showRatio(s.payoffRatio),
      hint: 'average win ÷ average loss, in R',
    },
    { term: 'Total', value: showR(s.totalR), extra: showUsd(s.totalUsd), tone: toneOf(s.totalR) },
    {
      term: 'Max drawdown',
      value: showDrawdownR(s.maxDrawdownR),
      extra: showDrawdownUsd(s.maxDrawdownUsd),
      tone: s.maxDrawdownR > 0 ? 'loss' : undefined,
    },
    { term: 'SQN', value: showRatio(s.sqn), hint: 'system quality number' },
    {
      term: 'Longest streaks',
      words: true,
      value: `${s.longestWinStreak} ${s.longestWinStreak === 1 ? 'win' : 'wins'} / ${s.longestLossStreak} ${s.longestLossStreak === 1 ? 'loss' : 'losses'}`,
    },
    ...off,
  ];
}

/** The headline numbers of DESIGN.md section 8 as a description list. */
export function KeyFigures({
  summary,
  openTrades,
  offPlan = { trades: 0, pnlUsd: 0 as OffPlan['pnlUsd'] },
}: {
  summary: Summary;
  openTrades: number;
  /** Trades taken outside the plan and what they made or cost (absent: none). */
  offPlan?: OffPlan;
}) {
  return (
    <section className="an-section" aria-labelledby="an-figures-title">
      <h2 id="an-figures-title" className="an-section__title">
        Key figures
      </h2>
      <dl className="an-figures">
        {figures(summary, openTrades, offPlan).map((figure) => (
          <div key={figure.term} className="an-figures__item">
            <dt className="an-figures__term">{figure.term}</dt>
            <dd
              className={`an-figures__value an-tone--${figure.tone ?? 'none'}${figure.words ? ' an-figures__value--words' : ''}`}
            >
              {figure.value}
              {figure.extra ? (
                <>
                  {' '}
                  <span className="an-figures__extra">{figure.extra}</span>
                </>
              ) : null}
            </dd>
            {figure.hint ? <dd className="an-figures__hint">{figure.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
