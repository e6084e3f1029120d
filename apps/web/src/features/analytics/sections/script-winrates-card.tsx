import { SMALL_SAMPLE, type ScriptCellWinRatesResponse } from '@tb/core';
import { useState } from 'react';
import { Alert, Badge, Button, Spinner } from '@/components';
import { LazyPremiumLock } from '@/components/lazy-premium-lock';
import { errorMessage } from '@/lib/api-error';
import { analyticsMessages } from '../api';
import { showR, showRateRange, showWinRate, toneOf, tradeCount } from '../format';
import { useScriptWinRates } from '../hooks/use-script-winrates';
import { SampleNote, WithRule } from './win-rate-cell';
import './sections.css';

export const scriptWinRatesTexts = {
  title: 'Script cells across all traders',
  lead: `How often each script cell has won on every trader's verified trades (closed by the exchange's fills; breakeven trades left out), against all verified trades of the same period. Anonymous: counts only. Under ${SMALL_SAMPLE} trades a win rate is greyed: a small sample.`,
  empty: 'No verified trade has been taken with a script cell yet.',
  locked:
    'The case winrate comes with the annual plan: each script cell’s win rate across every trader’s verified trades.',
  lockMessage:
    "The case winrate (each script cell's win rate across every trader's verified trades) is part of the annual plan.",
  unlock: 'See the annual plan',
  none: 'no trades yet',
  loading: 'Loading the script cells’ win rates...',
} as const;

/** '+4.2 pts' / '-3.0 pts': a difference of win rates (0..1) in percentage points. */
export const showPoints = (difference: number | null): string =>
  difference === null
    ? '—'
    : `${difference > 0 ? '+' : difference < 0 ? '-' : ''}${Math.abs(difference * 100).toFixed(1)} pts`;

/** 'since 2 May 2026' from the period's start; '' when there is none. */
function sinceText(since: string | null): string {
  if (since === null) return '';
  const date = new Date(since);
  if (!Number.isFinite(date.getTime())) return '';
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `since ${day}`;
}

/** The table of the script cells' win rates, the baseline above it. */
export function ScriptWinRatesTable({ data }: { data: ScriptCellWinRatesResponse }) {
  const { baseline } = data;
  return (
    <>
      <p className="an-muted" data-testid="script-winrates-baseline">
        All verified trades {sinceText(data.since)}: {showWinRate(baseline.winRate)} won of{' '}
        {tradeCount(baseline.trades)}, {showR(baseline.avgR)} on average.
      </p>
      <div
        className="table-scroll"
        role="region"
        aria-label="Script cells across all traders table"
        tabIndex={0}
      >
        <table className="data-table data-table--stack an-edge">
          <caption className="visually-hidden">{scriptWinRatesTexts.title}</caption>
          <thead>
            <tr>
              <th scope="col">Script cell</th>
              <th scope="col" className="num">
                Trades
              </th>
              <th scope="col">Win rate</th>
              <th scope="col" className="num">
                Avg R
              </th>
              <th scope="col" className="num">
                Edge vs all
              </th>
            </tr>
          </thead>
          <tbody>
            {data.cells.map((cell) => (
              <tr key={cell.id} className={cell.smallSample ? 'an-winrate--small' : undefined}>
                <th scope="row">
                  <WithRule rule={cell.rule}>{cell.label}</WithRule>
                </th>
                <td data-label="Trades" className="num">
                  <div>
                    <span className="an-figure">{cell.trades}</span>
                    <span className="an-figure__sub">
                      {cell.wins} won · {cell.losses} lost
                    </span>
                  </div>
                </td>
                <td data-label="Win rate">
                  <div>
                    <span className="an-figure">{showWinRate(cell.winRate)}</span>
                    {cell.winRateCi ? (
                      <span className="an-figure__sub">95%: {showRateRange(cell.winRateCi)}</span>
                    ) : null}
                    {cell.trades === 0 ? (
                      <span className="an-figure__sub">{scriptWinRatesTexts.none}</span>
                    ) : cell.smallSample ? (
                      <SampleNote />
                    ) : null}
                  </div>
                </td>
                <td data-label="Avg R" className={`num an-tone--${toneOf(cell.avgR) ?? 'none'}`}>
                  <span className="an-figure">{showR(cell.avgR)}</span>
                </td>
                <td
                  data-label="Edge vs all"
                  className={`num an-tone--${toneOf(cell.edge) ?? 'none'}`}
                >
                  <span className="an-figure">{showPoints(cell.edge)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** What a plan without the case winrate sees: what it is, and the lock naming the annual plan. */
export function ScriptWinRatesLock() {
  const [open, setOpen] = useState(false);
  return (
    <div className="an-script-lock" role="note" aria-label="Annual plan">
      <Badge tone="accent">Annual plan</Badge>
      <p className="an-muted">{scriptWinRatesTexts.locked}</p>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {scriptWinRatesTexts.unlock}
        </Button>
      </div>
      <LazyPremiumLock
        open={open}
        onOpenChange={setOpen}
        message={scriptWinRatesTexts.lockMessage}
      />
    </div>
  );
}

/**
 * "Script cells across all traders" (the case winrate, DESIGN.md section 15): each script
 * cell's win rate on every trader's verified trades, for the annual plan; the lock for others.
 * It reads no filter: it is everyone's record, not the trader's.
 */
export function ScriptWinRatesCard() {
  const view = useScriptWinRates();
  let body;
  if (view.kind === 'locked') body = <ScriptWinRatesLock />;
  else if (view.kind === 'loading') body = <Spinner label={scriptWinRatesTexts.loading} />;
  else if (view.kind === 'error') {
    body = (
      <div className="an-state">
        <Alert tone="error">{errorMessage(view.error, analyticsMessages.scriptCells)}</Alert>
        <div>
          <Button variant="secondary" onClick={view.retry} busy={view.retrying}>
            {view.retrying ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      </div>
    );
  } else if (view.data.cells.every((cell) => cell.trades === 0)) {
    body = <p className="an-muted">{scriptWinRatesTexts.empty}</p>;
  } else {
    body = <ScriptWinRatesTable data={view.data} />;
  }
  return (
    <section className="an-section" aria-labelledby="an-script-winrates-title">
      <div className="an-card an-card--wide">
        <h2 id="an-script-winrates-title" className="an-card__title">
          {scriptWinRatesTexts.title}
        </h2>
        <p className="an-muted">{scriptWinRatesTexts.lead}</p>
        {body}
      </div>
    </section>
  );
}
