/**
 * One fill of the user's orders as the exchange reports it (Hyperliquid `userFills` /
 * `userFillsByTime`), in plain numbers: what the live trading loop reads to close journal
 * trades (DESIGN.md section 9).
 */
export interface ExchangeFill {
  /** The exchange's trade id: unique per fill, the key that makes reading fills idempotent. */
  tid: number;
  /** The order the fill belongs to, as a decimal string. */
  oid: string;
  /** The client order id the order was placed with; null when it had none. */
  cloid: string | null;
  coin: string;
  /** 'B' bought, 'A' sold. */
  side: 'B' | 'A';
  px: number;
  sz: number;
  /** Fee paid in USD (negative for a rebate). */
  fee: number;
  /** Realised P/L of the part of the position this fill closed, before fees. */
  closedPnl: number;
  /** 'Open Long', 'Close Short', ... */
  dir: string;
  /** The position (signed size) before this fill. */
  startPosition: number;
  /** Epoch milliseconds. */
  time: number;
}

/** Volume-weighted price and total size of fills; null when there are none. */
export function fillsVwap(fills: readonly ExchangeFill[]): { price: number; size: number } | null {
  let size = 0;
  let notional = 0;
  for (const fill of fills) {
    size += fill.sz;
    notional += fill.px * fill.sz;
  }
  if (fills.length === 0 || !(size > 0)) return null;
  return { price: notional / size, size };
}
