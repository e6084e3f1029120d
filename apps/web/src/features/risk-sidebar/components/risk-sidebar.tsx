import { formatSignedUsd, streakBarFillPct, streakLabel } from '@tb/core';
import { useRisk } from '@/features/journal';
import { AssetsSection } from './assets-section';
import { StoplossCounter } from './stoploss-counter';
import './risk-sidebar.css';

export interface RiskSidebarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** The risk sidebar: Assets, Risk (streak) and Daily Stats, and the stoploss counter. */
export function RiskSidebar({ collapsed, onToggle }: RiskSidebarProps) {
  const { risk, sizing, resetStoploss, updateSettings } = useRisk();
  const fill = streakBarFillPct(risk.tradeStreak);
  const daily = risk.dailyStats;
  return (
    <aside
      className={collapsed ? 'risk-sidebar is-collapsed' : 'risk-sidebar'}
      aria-label="Risk management"
    >
      <button
        type="button"
        className="risk-sidebar__toggle"
        aria-expanded={!collapsed}
        aria-controls="risk-sidebar-body"
        aria-label={collapsed ? 'Open risk sidebar' : 'Collapse risk sidebar'}
        onClick={onToggle}
      >
        <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
      </button>
      <div id="risk-sidebar-body" className="risk-sidebar__body" hidden={collapsed}>
        <AssetsSection
          accountSize={risk.accountSize}
          baseTradeSize={risk.baseTradeSize}
          tradeStreak={risk.tradeStreak}
          storedSizing={sizing}
          onSave={updateSettings}
        />
        <section aria-labelledby="rs-risk">
          <h2 id="rs-risk">Risk</h2>
          <p className="risk-sidebar__streak">
            {streakLabel(risk.tradeStreak)} <strong>{sizing.percentage}%</strong>
          </p>
          <div
            className="risk-sidebar__bar"
            role="meter"
            aria-label="Streak"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={fill}
          >
            <span style={{ width: `${fill}%` }} />
          </div>
        </section>
        <section aria-labelledby="rs-daily">
          <h2 id="rs-daily">Daily Stats</h2>
          <dl className="risk-sidebar__facts">
            <dt>Trades</dt>
            <dd>{daily.trades}</dd>
            <dt>Wins</dt>
            <dd>{daily.wins}</dd>
            <dt>Losses</dt>
            <dd>{daily.losses}</dd>
            <dt>P/L</dt>
            <dd>{formatSignedUsd(daily.dailyProfit - daily.dailyLoss)}</dd>
          </dl>
        </section>
        <StoplossCounter slTaken={risk.slTaken} onReset={resetStoploss} />
      </div>
    </aside>
  );
}
