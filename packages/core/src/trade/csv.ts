import type { Trade } from '../schemas/trades.js';

/** Columns of the trade journal export, in order (GET /api/trades/export.csv). */
export const TRADE_CSV_COLUMNS = [
  'id',
  'date',
  'closedAt',
  'pair',
  'side',
  'status',
  'entryPrice',
  'stopLoss',
  'takeProfit',
  'exitPrice',
  'plannedRR',
  'sizeUsd',
  'quantity',
  'riskUsd',
  'rMultiple',
  'pnlUsd',
  'profitLossPerUnit',
  'score',
  'tier',
  'cells',
  'targetManual',
  'sizeEstimated',
  'streakAtOpen',
  'accountSizeAtOpen',
  'notes',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula character right after a separator of any locale (`,` `;` a tab). */
const FORMULA_AFTER_SEPARATOR = /([,;\t])([=+\-@\t\r])/g;

/**
 * A text cell, quoted when it holds a quote, a line break or any locale's separator; text that
 * a spreadsheet would run as a formula (at the start, or after a separator: Excel in a `;`
 * locale splits a comma file at its `;`) gets a quote before it (OWASP CSV injection).
 */
function text(value: string): string {
  const start = FORMULA_START.test(value) ? `'${value}` : value;
  const safe = start.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const num = (value: number | null): string => (value === null ? '' : String(value));
const bool = (value: boolean): string => (value ? 'true' : 'false');

/** The ticked cells as one readable field: '4 Stop below structure (2 pts); 9 …'. */
function cellsText(cells: Trade['cells']): string {
  if (cells === null) return '';
  return cells.map((c) => `${c.index + 1} ${c.title || 'Not set'} (${c.points} pts)`).join('; ');
}

/** One trade as a CSV line, in {@link TRADE_CSV_COLUMNS} order. */
export function tradeCsvRow(trade: Trade): string {
  return [
    text(trade.id),
    text(trade.date),
    text(trade.closedAt ?? ''),
    text(trade.pair),
    trade.isLong ? 'LONG' : 'SHORT',
    trade.status,
    num(trade.entryPrice),
    num(trade.stopLoss),
    num(trade.takeProfit),
    num(trade.exitPrice),
    num(trade.riskRewardRatio),
    num(trade.sizeUsd),
    num(trade.quantity),
    num(trade.riskUsd),
    num(trade.rMultiple),
    num(trade.pnlUsd),
    num(trade.profitLoss),
    num(trade.score),
    num(trade.tier),
    text(cellsText(trade.cells)),
    bool(trade.targetManual),
    bool(trade.sizeEstimated),
    num(trade.streakAtOpen),
    num(trade.accountSizeAtOpen),
    text(trade.notes),
  ].join(',');
}

/** The whole journal as CSV text: a header line, then one line per trade, CRLF line ends. */
export function tradesToCsv(trades: readonly Trade[]): string {
  return [TRADE_CSV_COLUMNS.join(','), ...trades.map(tradeCsvRow)].join('\r\n') + '\r\n';
}
