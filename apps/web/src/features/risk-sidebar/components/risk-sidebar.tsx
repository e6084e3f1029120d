import { streakBarFillPct, streakLabel } from '@tb/core';
import { useRisk } from '@/features/journal';
import { useTradeSizing } from '../hooks/use-trade-sizing';
import { AssetsSection } from './assets-section';
import { DailyStatsSection } from './daily-stats-section';
import { SessionStatus } from './session-status';
import { StoplossCounter } from './stoploss-counter';
import './risk-sidebar.css';

export interface RiskSidebarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** The risk sidebar: session status, Assets, Risk (streak), Daily Stats and the SL counter. */
export function RiskSidebar({ collapsed, onToggle }: RiskSidebarProps) {
  const { risk, lock, resetStoploss, updateSettings } = useRisk();
  const sizing = useTradeSizing();
  const fill = streakBarFillPct(risk.tradeStreak);
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
        <SessionStatus lock={lock} />
        <AssetsSection
          accountSize={risk.accountSize}
          baseTradeSize={risk.baseTradeSize}
          view={sizing}
          onSave={updateSettings}
        />
        <section aria-labelledby="rs-risk">
          <h2 id="rs-risk">Risk</h2>
          <p className="risk-sidebar__streak">
            {streakLabel(risk.tradeStreak)} <strong>{sizing.sizing.percentage}%</strong>
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
        <DailyStatsSection risk={risk} onSaveLimits={updateSettings} />
        <StoplossCounter slTaken={risk.slTaken} lock={lock} onReset={resetStoploss} />
      </div>
    </aside>
  );
}
