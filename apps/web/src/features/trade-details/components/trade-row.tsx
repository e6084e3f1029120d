import {
  canChangeTrade,
  formatDisplayNumber,
  formatSignedUsd,
  tradeStatusLabel,
  type ClosedTradeStatus,
  type Trade,
} from '@tb/core';

export interface TradeRowProps {
  trade: Trade;
  onClose: (id: string, status: ClosedTradeStatus) => void;
  onEdit: (trade: Trade) => void;
  onDelete: (id: string) => void;
}

/** One trade of the history: pair, side, prices, R/R, status, P/L and its actions. */
export function TradeRow({ trade, onClose, onEdit, onDelete }: TradeRowProps) {
  const label = tradeStatusLabel(trade.status);
  const open = canChangeTrade(trade.status);
  const name = `${trade.pair} ${trade.isLong ? 'Long' : 'Short'}`;
  return (
    <li className="trade-row" aria-label={`${name}, ${label}`}>
      <div className="trade-row__head">
        <strong>{trade.pair}</strong>
        <span className={trade.isLong ? 'trade-row__side is-long' : 'trade-row__side is-short'}>
          {trade.isLong ? 'LONG' : 'SHORT'}
        </span>
        <span className={`trade-row__status trade-row__status--${label.toLowerCase()}`}>
          {label}
        </span>
      </div>
      <dl className="trade-row__facts">
        <div>
          <dt>SL</dt>
          <dd>{formatDisplayNumber(trade.stopLoss)}</dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd>{formatDisplayNumber(trade.entryPrice)}</dd>
        </div>
        <div>
          <dt>Target</dt>
          <dd>{formatDisplayNumber(trade.takeProfit)}</dd>
        </div>
        <div>
          <dt>R/R</dt>
          <dd>{trade.riskRewardRatio.toFixed(2)}</dd>
        </div>
        <div>
          <dt>P/L</dt>
          <dd>{trade.profitLoss === null ? '—' : formatSignedUsd(trade.profitLoss)}</dd>
        </div>
      </dl>
      <div className="trade-row__actions">
        {open ? (
          <>
            <button type="button" onClick={() => onClose(trade.id, 'TARGET_HIT')}>
              Target Hit
            </button>
            <button type="button" onClick={() => onClose(trade.id, 'STOPLOSS_HIT')}>
              Stoploss Hit
            </button>
            <button type="button" onClick={() => onEdit(trade)} aria-label={`Edit ${name}`}>
              Edit
            </button>
          </>
        ) : null}
        <button type="button" onClick={() => onDelete(trade.id)} aria-label={`Delete ${name}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
