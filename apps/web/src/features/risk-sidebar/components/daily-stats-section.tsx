import {
  realisedLossToday,
  sumUsd,
  type RiskLimits,
  type RiskSettingsRequest,
  type RiskState,
} from '@tb/core';
import { useState } from 'react';
import { formatSignedR, formatSignedUsd, formatUsd } from '@/lib/format';
import { LimitsForm } from './limits-form';

export interface DailyStatsSectionProps {
  /** The risk state rolled over to today. */
  risk: RiskState;
  onSaveLimits: (settings: RiskSettingsRequest) => void;
}

/** '5 from tomorrow' when a looser limit waits for the next trading day, else nothing. */
function pendingNote(
  risk: RiskState,
  key: keyof RiskLimits,
  format: (value: number) => string,
): string | null {
  const pending = risk.pendingSettings?.[key];
  if (pending === undefined || pending === risk.settings[key]) return null;
  return `${format(pending)} from tomorrow`;
}

/** What the Off-plan line counts. */
export const OFF_PLAN_HINT =
  'Trades taken on your exchange account outside the plan today, and what they made or cost. They count toward your limits.';

/**
 * Today's counters against the trader's limits (DESIGN.md section 7): trades opened today
 * out of the daily maximum, the net realised loss out of the daily loss limit, wins, losses
 * and the day's P/L in USD; trades taken outside the plan, apart, when there were any. Both limits can be edited here.
 */
export function DailyStatsSection({ risk, onSaveLimits }: DailyStatsSectionProps) {
  const [editing, setEditing] = useState(false);
  const daily = risk.dailyStats;
  const { maxTradesPerDay, maxDailyLoss } = risk.settings;
  const tradesNote = pendingNote(risk, 'maxTradesPerDay', String);
  const lossNote = pendingNote(risk, 'maxDailyLoss', formatUsd);
  const pnl = sumUsd([daily.dailyProfit, -daily.dailyLoss]);
  return (
    <section aria-labelledby="rs-daily">
      <div className="risk-sidebar__heading">
        <h2 id="rs-daily">Daily Stats</h2>
        {editing ? null : (
          <button
            type="button"
            className="risk-sidebar__edit"
            aria-label="Edit daily limits"
            onClick={() => setEditing(true)}
          >
            Limits
          </button>
        )}
      </div>
      {editing ? (
        <LimitsForm
          limits={risk.pendingSettings ?? risk.settings}
          onCancel={() => setEditing(false)}
          onSave={(limits) => {
            onSaveLimits(limits);
            setEditing(false);
          }}
        />
      ) : null}
      <dl className="risk-sidebar__facts">
        <dt>Trades</dt>
        <dd>
          {daily.trades}/{maxTradesPerDay}
          {tradesNote ? <span className="risk-sidebar__pending">{tradesNote}</span> : null}
        </dd>
        <dt title="Today's losses minus its gains, against your daily loss limit">Net loss</dt>
        <dd>
          {formatUsd(realisedLossToday(risk))} / {formatUsd(maxDailyLoss)}
          {lossNote ? <span className="risk-sidebar__pending">{lossNote}</span> : null}
        </dd>
        <dt>Wins</dt>
        <dd>{daily.wins}</dd>
        <dt>Losses</dt>
        <dd>{daily.losses}</dd>
        <dt>P/L</dt>
        <dd className={pnl > 0 ? 'is-up' : pnl < 0 ? 'is-down' : undefined}>
          {formatSignedUsd(pnl)}
        </dd>
        <dt>R</dt>
        <dd className={daily.dailyR > 0 ? 'is-up' : daily.dailyR < 0 ? 'is-down' : undefined}>
          {formatSignedR(daily.dailyR)}
        </dd>
        {daily.offPlanTrades > 0 ? (
          <>
            <dt title={OFF_PLAN_HINT}>Off-plan</dt>
            <dd
              className={daily.offPlanPnlUsd < 0 ? 'is-down' : undefined}
              aria-description={OFF_PLAN_HINT}
            >
              {daily.offPlanTrades} · {formatSignedUsd(daily.offPlanPnlUsd)}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
