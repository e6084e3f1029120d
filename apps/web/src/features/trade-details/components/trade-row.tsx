import { canChangeTrade, scriptSnapshotText, type ExitRequest, type Trade } from '@tb/core';
import { useState } from 'react';
import { Badge } from '@/components';
import { useExitUndo } from '@/features/journal';
import { formatPrice, formatRatio, formatSignedR, formatSignedUsd, formatUsd } from '@/lib/format';
import { CloseTradeDialog, type ExitStart } from './close-trade-dialog';
import { LiveActions, LiveState, VerifiedBadge } from './live-trade-panel';
import { TradeExcursions } from './trade-excursions';
import { TradeTimes } from './trade-times';
import { cardStatus } from '../lib/history-view';

export interface TradeRowProps {
  trade: Trade;
  /** Records an exit at a typed price (confirmed in the close dialog); resolves when recorded. */
  onExit: (id: string, exit: ExitRequest) => Promise<boolean>;
  onEdit: (trade: Trade) => void;
  onDelete: (id: string) => void;
  /** A verified trade is history: it can be hidden from the list, not deleted. */
  onHide: (id: string) => void;
  /** The trader's IANA zone: the card's dates are written in it. */
  timeZone: string;
}

const tone = (value: number | null) =>
  value === null || value === 0 ? undefined : value > 0 ? 'is-up' : 'is-down';

/** The board when the trade was opened: score, tier and the ticked cells (a snapshot). */
function BoardFacts({ trade }: { trade: Trade }) {
  return (
    <div className="trade-row__board">
      <p>
        Score <strong>{trade.score}</strong> · tier <strong>{trade.tier}R</strong>
        {trade.targetManual ? ' · target set by hand' : null}
      </p>
      {trade.cells === null ? (
        <p className="trade-row__muted">Ticked cells were not recorded for this trade.</p>
      ) : trade.cells.length === 0 ? (
        <p className="trade-row__muted">No cells ticked.</p>
      ) : (
        <ul className="trade-row__cells" aria-label="Ticked cells">
          {trade.cells.map((cell) => (
            <li key={cell.index}>
              {scriptSnapshotText(cell) ?? (cell.title || `Cell ${cell.index + 1}`)}{' '}
              <span className="trade-row__points">{cell.points} pts</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One trade of the history: setup, size and risk, board, notes, result and its actions. */
export function TradeRow({ trade, onExit, onEdit, onDelete, onHide, timeZone }: TradeRowProps) {
  // A close at 0R (a stop moved to the entry and hit) is a break-even, neither won nor lost.
  const label = cardStatus(trade);
  const open = canChangeTrade(trade.status);
  const name = `${trade.pair} ${trade.isLong ? 'Long' : 'Short'}`;
  // Every close by hand is confirmed, at a price the trader can change (and, for a placed
  // trade, with the warning that the position stays on the exchange).
  const [closing, setClosing] = useState<ExitStart | null>(null);
  // For 10 s after an exit by hand, its undo is here too (the notification's is out of the
  // keyboard's reach while this dialog traps focus).
  const undo = useExitUndo(trade.id);
  // A placed OPEN trade whose orders work has Cancel entry / Close at market instead of Delete
  // (the server refuses it: the orders would stay on the exchange untracked).
  const working = open && trade.live !== undefined && trade.live.execution !== 'closed';
  // An off-plan trade had no plan: no stop, target or risk to show, only what the fills made.
  const facts: [string, string, string?][] = trade.offPlan
    ? [
        ['Entry', formatPrice(trade.entryPrice)],
        ['Exit', trade.exitPrice === null ? '—' : formatPrice(trade.exitPrice)],
        ['Size', formatUsd(trade.sizeUsd)],
      ]
    : [
        ['SL', formatPrice(trade.stopLoss)],
        ['Entry', formatPrice(trade.entryPrice)],
        ['Target', formatPrice(trade.takeProfit)],
        ['R/R', formatRatio(trade.riskRewardRatio)],
        ['Size', formatUsd(trade.sizeUsd)],
        ['Risk', formatUsd(trade.riskUsd)],
      ];
  if (trade.rMultiple !== null)
    facts.push(['R', formatSignedR(trade.rMultiple), tone(trade.rMultiple)]);
  if (trade.pnlUsd !== null) facts.push(['P/L', formatSignedUsd(trade.pnlUsd), tone(trade.pnlUsd)]);
  return (
    <li className="trade-row" aria-label={`${name}, ${label}`}>
      <div className="trade-row__head">
        <strong>{trade.pair}</strong>
        <span className={trade.isLong ? 'trade-row__side is-long' : 'trade-row__side is-short'}>
          {trade.isLong ? 'LONG' : 'SHORT'}
        </span>
        {trade.sizeEstimated ? <Badge tone="info">size estimated</Badge> : null}
        {trade.imported ? <Badge tone="neutral">imported</Badge> : null}
        {trade.offPlan ? <Badge tone="short">Off-plan</Badge> : null}
        {trade.verified ? <VerifiedBadge /> : null}
        <span className={`trade-row__status trade-row__status--${label.toLowerCase()}`}>
          {label}
        </span>
      </div>
      <TradeTimes trade={trade} timeZone={timeZone} />
      <dl className="trade-row__facts">
        {facts.map(([term, value, className]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
      <TradeExcursions trade={trade} />
      {trade.live ? <LiveState trade={trade} /> : null}
      {trade.offPlan ? (
        <p className="trade-row__muted">
          Taken on your account outside the plan: it counts as a trade of its day, and a loss as a
          stoploss. Attach it to a plan from the trading page.
        </p>
      ) : (
        <BoardFacts trade={trade} />
      )}
      {trade.notes ? <p className="trade-row__notes">{trade.notes}</p> : null}
      <div className="trade-row__actions">
        {undo ? (
          <button type="button" onClick={undo} aria-label={`Undo the last exit of ${name}`}>
            Undo exit
          </button>
        ) : null}
        {open && trade.live ? <LiveActions trade={trade} /> : null}
        {open ? (
          <>
            <button type="button" onClick={() => setClosing('target')}>
              Target Hit
            </button>
            <button type="button" onClick={() => setClosing('stop')}>
              Stoploss Hit
            </button>
            <button type="button" onClick={() => setClosing('entry')}>
              Close at price
            </button>
            <button type="button" onClick={() => onEdit(trade)} aria-label={`Edit ${name}`}>
              Edit
            </button>
          </>
        ) : null}
        {working ? null : trade.verified ? (
          <button type="button" onClick={() => onHide(trade.id)} aria-label={`Hide ${name}`}>
            Hide
          </button>
        ) : (
          <button type="button" onClick={() => onDelete(trade.id)} aria-label={`Delete ${name}`}>
            Delete
          </button>
        )}
      </div>
      {open ? (
        <CloseTradeDialog
          trade={trade}
          start={closing}
          onOpenChange={(isOpen) => !isOpen && setClosing(null)}
          onConfirm={(exit) => onExit(trade.id, exit)}
        />
      ) : null}
    </li>
  );
}
