import { formatSignedUsd, streakBarFillPct, streakLabel } from '@tb/core';
import { useState } from 'react';
import { useRisk } from '@/features/journal';
import { AssetsForm } from './assets-form';
import { StoplossCounter } from './stoploss-counter';
import './risk-sidebar.css';

export interface RiskSidebarProps {
  collapsed: boolean;
  onToggle: () => void;
}

const usd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

/** The risk sidebar: Assets, Risk (streak) and Daily Stats, and the stoploss counter. */
export function RiskSidebar({ collapsed, onToggle }: RiskSidebarProps) {
  const { risk, sizing, resetStoploss, updateSettings } = useRisk();
  const [editing, setEditing] = useState(false);
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
        <section aria-labelledby="rs-assets">
          <div className="risk-sidebar__heading">
            <h2 id="rs-assets">Assets</h2>
            {!editing && (
              <button type="button" className="risk-sidebar__edit" onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
          </div>
          {editing ? (
            <AssetsForm
              accountSize={risk.accountSize}
              baseTradeSize={risk.baseTradeSize}
              onCancel={() => setEditing(false)}
              onSave={(settings) => {
                updateSettings(settings);
                setEditing(false);
              }}
            />
          ) : (
            <dl className="risk-sidebar__facts">
              <dt>Account size</dt>
              <dd>{usd(sizing.accountSizeUsd)}</dd>
              <dt>Trade size</dt>
              <dd>{usd(sizing.tradeSizeUsd)}</dd>
            </dl>
          )}
        </section>
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
