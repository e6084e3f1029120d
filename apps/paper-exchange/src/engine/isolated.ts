import type { Account, Position } from '../state.js';

/**
 * Isolated margin, as Hyperliquid runs it. Texts in quotes are Hyperliquid's own error strings
 * (seen in live answers and in the strings of its node binary, as public notes list them).
 *
 * - The margin mode is set per coin with `updateLeverage` (`isCross: false`), only while the
 *   account holds no position in that coin: "Cannot switch leverage type with open position."
 * - An isolated position holds its own margin, apart from the cross account. Opening or adding
 *   moves notional / leverage (at the fill price) out of the cross account into it, and its
 *   fees are paid from it: ccxt's recorded answer of Hyperliquid shows an ETH position at 20x
 *   of 500.12001 notional holding 24.88097 = 500.12001 / 20 − 0.025 % taker fee.
 * - Reducing it releases the closed share of its margin, with the realised PnL, to the cross
 *   account; closing releases all of it. A position never loses more than its own margin: a
 *   shortfall past it (a gap through the bankruptcy price) is not taken from the cross account.
 * - Its equity is margin + unrealised PnL (`marginUsed`); it is liquidated alone when that
 *   falls below its maintenance margin, notional · l with l = 1 / (2 · maxLeverage). Its
 *   liquidation price is therefore liq = (entry − side · margin / size) / (1 − side · l), side
 *   +1 long and −1 short, the same as Hyperliquid's price − side · margin_available / size /
 *   (1 − l · side) with margin_available = margin + unrealised PnL − maintenance at `price`.
 * - Funding is paid from and received into its margin.
 * - `updateIsolatedMargin` moves `ntli` micro-dollars (1e6 = $1) into it from the cross
 *   account's available margin, or out of it while it keeps
 *   max(initial margin, 10 % of notional) at the mark (Hyperliquid's transfer margin rule).
 * - Changing the leverage of an open isolated position does not re-margin it; lowering it is
 *   refused when the position's equity does not cover notional / new leverage.
 *   (The two actions are in engine/leverage.ts.)
 *
 * The account's `usdc` stays its whole cash, isolated margin included; the cross account's
 * cash is usdc − Σ isolated margin (see crossCash). A real answer of Hyperliquid's for an
 * isolated short (isolated.test.ts) is reproduced to the micro-dollar by this arithmetic:
 * its liquidation price, its marginUsed, rawUsd and both margin summaries.
 */

/** Whether the account's margin mode for `coin` is isolated. */
export function isIsolatedMode(account: Account, coin: string): boolean {
  return account.isolated?.includes(coin) ?? false;
}

/** Whether the position holds its own margin. */
export function isIsolated(position: Position | undefined): position is Position & {
  isolatedMargin: number;
} {
  return position?.isolatedMargin !== undefined;
}

/** The account's cash outside isolated positions, USD. */
export function crossCash(account: Account): number {
  let cash = account.usdc;
  for (const position of Object.values(account.positions)) cash -= position.isolatedMargin ?? 0;
  return cash;
}

/** Equity of an isolated position at `mark`: its margin plus unrealised PnL (USD). */
export function isolatedEquity(position: Position, mark: number): number {
  return (position.isolatedMargin ?? 0) + position.szi * (mark - position.entryPx);
}

/**
 * The mark at which an isolated position's equity meets its maintenance margin, or null when
 * no positive price does (a long holding more margin than its notional). `rate` = l, the
 * maintenance margin rate 1 / (2 · maxLeverage).
 */
export function isolatedLiquidationPrice(
  position: Pick<Position, 'szi' | 'entryPx' | 'isolatedMargin'>,
  rate: number,
): number | null {
  const { szi, entryPx } = position;
  if (szi === 0) return null;
  const side = Math.sign(szi);
  const margin = position.isolatedMargin ?? 0;
  const price = (entryPx - (side * margin) / Math.abs(szi)) / (1 - side * rate);
  return Number.isFinite(price) && price > 0 ? price : null;
}

/**
 * Whether an isolated position's equity at `mark` fell below its maintenance margin, notional
 * · `rate` (l above).
 */
export function isolatedUnderwater(position: Position, mark: number, rate: number): boolean {
  return isolatedEquity(position, mark) < Math.abs(position.szi) * mark * rate;
}

/** One fill as applyFill (engine/matching.ts) sees it. */
export interface IsolatedFill {
  /** Signed position before and after, coin units. */
  start: number;
  end: number;
  px: number;
  sz: number;
  fee: number;
  closedPnl: number;
  /** The account's leverage for the coin: what a new or added position holds. */
  leverage: number;
}

/**
 * What a fill does to the isolated margin of `coin`'s position: the position's new margin
 * (undefined: the position is cross or closed) and the shortfall forgiven (USD, ≥ 0) when the
 * released margin and PnL fall below zero, so the cross account does not pay it.
 */
export function isolatedAfterFill(
  account: Account,
  coin: string,
  fill: IsolatedFill,
): { margin: number | undefined; forgiven: number } {
  const position = account.positions[coin];
  const { start, end, px, fee, closedPnl } = fill;
  const isolated = start === 0 ? isIsolatedMode(account, coin) : isIsolated(position);
  if (!isolated) return { margin: undefined, forgiven: 0 };
  const { leverage } = fill;
  const held = position?.isolatedMargin ?? 0;
  if (start === 0 || Math.sign(end - start) === Math.sign(start)) {
    // Opens or adds: the added notional's initial margin moves in; the fee is paid from it.
    return { margin: held + (fill.sz * px) / leverage - fee, forgiven: 0 };
  }
  const closed = Math.min(fill.sz, Math.abs(start));
  const released = (held * closed) / Math.abs(start);
  const flips = end !== 0 && Math.sign(end) !== Math.sign(start);
  if (end !== 0 && !flips) {
    // Reduces: the closed share of the margin leaves with the PnL; the fee is paid from the rest.
    return { margin: held - released - fee, forgiven: Math.max(0, -(released + closedPnl)) };
  }
  const opened = flips ? (Math.abs(end) * px) / leverage : undefined;
  // Closes (or flips): all the margin leaves; the fee is paid from it, or from the new side's.
  const back = released + closedPnl - (flips ? 0 : fee);
  return {
    margin: opened === undefined ? undefined : opened - fee,
    forgiven: Math.max(0, -back),
  };
}
