import { useQuery } from '@tanstack/react-query';
import { formatStrategyMonth, premiumLockTexts, strategyExcerpt, type Strategy } from '@tb/core';
import { ChevronDown, ChevronUp, Compass, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components';
import { currentStrategyQueryOptions } from '../api';
import { useLoadBoard } from '../use-load-board';
import { usePlanView } from '../use-plan-access';
import './strategies.css';

/** Where the card remembers being folded (per strategy) and the teaser being put away. */
export const strategyCardKeys = {
  collapsed: 'tb.strategyCard.collapsed',
  teaserDismissed: 'tb.strategyCard.teaserDismissed',
} as const;

export const strategyCardTexts = {
  teaser: 'Monthly strategy: a strategy and its 25-cell board every month, with Premium.',
  seePlans: 'See plans',
  dismiss: 'Hide the monthly strategy offer',
} as const;

const thisMonth = () => new Date().toISOString().slice(0, 7);

function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeKey(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/**
 * The dashboard's monthly strategy (DESIGN.md section 15): for a trader whose plan has it,
 * this month's strategy with "Read" and "Load board", foldable to one line (remembered per
 * strategy, so a new month's opens again); for a signed-in free trader a one-line offer that
 * can be put away until next month; nothing for visitors.
 */
export function StrategyCard() {
  const plan = usePlanView();
  if (!plan.signedIn || !plan.known) return null;
  if (plan.has('monthlyStrategyUpdate')) return <CurrentStrategy />;
  return plan.access.isPremium ? null : <Teaser />;
}

function CurrentStrategy() {
  const { data: strategy } = useQuery(currentStrategyQueryOptions());
  // Quiet while loading, when none is published, and on a failure: the dashboard comes first.
  return strategy ? <StrategyCardView strategy={strategy} /> : null;
}

function StrategyCardView({ strategy }: { strategy: Strategy }) {
  const [collapsed, setCollapsed] = useState(
    () => readKey(strategyCardKeys.collapsed) === strategy.id,
  );
  const load = useLoadBoard();
  const toggle = () => {
    writeKey(strategyCardKeys.collapsed, collapsed ? null : strategy.id);
    setCollapsed(!collapsed);
  };
  const month = strategy.month ? formatStrategyMonth(strategy.month) : 'This month';
  const Chevron = collapsed ? ChevronDown : ChevronUp;
  return (
    <section className="strategy-card" aria-labelledby="strategy-card-title">
      <div className="strategy-card__head">
        <Compass className="strategy-card__icon" size={18} aria-hidden="true" />
        <h2 id="strategy-card-title" className="strategy-card__title">
          <span className="strategy-card__month">Strategy of {month}</span>
          <span className="strategy-card__name">{strategy.title}</span>
        </h2>
        <button
          type="button"
          className="strategy-card__toggle"
          aria-expanded={!collapsed}
          aria-controls="strategy-card-body"
          onClick={toggle}
        >
          <Chevron size={18} aria-hidden="true" />
          <span className="visually-hidden">
            {collapsed ? 'Show the strategy' : 'Fold the strategy'}
          </span>
        </button>
      </div>
      {collapsed ? null : (
        <div id="strategy-card-body" className="strategy-card__body">
          <p className="strategy-card__excerpt">{strategyExcerpt(strategy.body, 240)}</p>
          <div className="strategy-card__actions">
            <Link
              to={`/strategies/${strategy.id}`}
              className={buttonClass('secondary')}
              aria-label={`Read ${strategy.title}`}
            >
              Read
            </Link>
            <Button disabled={!load.ready} onClick={() => load.strategy(strategy)}>
              Load board
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function Teaser() {
  const [dismissed, setDismissed] = useState(
    () => readKey(strategyCardKeys.teaserDismissed) === thisMonth(),
  );
  if (dismissed) return null;
  return (
    <aside className="strategy-card strategy-card--teaser" aria-label="Monthly strategy">
      <Compass className="strategy-card__icon" size={18} aria-hidden="true" />
      <p className="strategy-card__teaser">{strategyCardTexts.teaser}</p>
      <Link to={premiumLockTexts.href} className={buttonClass('secondary')}>
        {strategyCardTexts.seePlans}
      </Link>
      <button
        type="button"
        className="strategy-card__toggle"
        onClick={() => {
          writeKey(strategyCardKeys.teaserDismissed, thisMonth());
          setDismissed(true);
        }}
      >
        <X size={18} aria-hidden="true" />
        <span className="visually-hidden">{strategyCardTexts.dismiss}</span>
      </button>
    </aside>
  );
}
