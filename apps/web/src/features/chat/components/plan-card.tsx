import type { ChatMessage } from '@tb/core';
import { formatPrice, formatRatio, formatUsd } from '@/lib/format';

type Plan = NonNullable<ChatMessage['plan']>;

/** A shared trade plan: pair and side, entry, stop, target, R/R and tier; the size if shared. */
export function PlanCard({ plan }: { plan: Plan }) {
  const side = plan.isLong ? 'Long' : 'Short';
  const facts: Array<[string, string]> = [
    ['Entry', formatPrice(plan.entryPrice)],
    ['Stop', formatPrice(plan.stopLoss)],
    ['Target', formatPrice(plan.takeProfit)],
    ['R/R', formatRatio(plan.riskRewardRatio)],
    ['Tier', plan.tier],
  ];
  if (plan.size !== null) facts.push(['Size', formatUsd(plan.size)]);
  return (
    <section className="chat-plan" aria-label={`Trade plan: ${plan.pair} ${side}`}>
      <header className="chat-plan__head">
        <strong className="chat-plan__pair">{plan.pair}</strong>
        <span className={`chat-plan__side chat-plan__side--${side.toLowerCase()}`}>{side}</span>
      </header>
      <dl className="chat-plan__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
