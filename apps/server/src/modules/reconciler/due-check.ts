import type { ExchangeAccount } from '@tb/hyperliquid';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { tradeOrders, trades } from '../../db/schema/index.js';

/**
 * Before a due connection's fills are read (20 weight and more), a cheap look (2 each) at what
 * the journal expects of its live trades: a resting entry still open and untouched, and the
 * positions of the held ones as the journal has them. The market reaching a level is often
 * not a fill (the mark runs apart from the mid, the price hovers near a stop): then nothing
 * more is read, and the watch asks again a little later (live-levels.ts).
 */

/** A live trade of the connection, as the check needs it. */
export interface LiveOnConnection {
  coin: string;
  isLong: boolean;
  execution: 'resting' | 'open';
  entryCloid: string;
  /** The entry's filled size, once read. */
  entryFillSz: number | null;
}

/** The user's linked OPEN trades on the connection whose orders are on the exchange. */
export async function liveOn(
  db: Queryable,
  userId: string,
  connectionId: string,
): Promise<LiveOnConnection[]> {
  const rows = await db
    .select({
      coin: tradeOrders.coin,
      isLong: trades.isLong,
      execution: tradeOrders.execution,
      entryCloid: tradeOrders.entryCloid,
      entryFillSz: tradeOrders.entryFillSz,
    })
    .from(tradeOrders)
    .innerJoin(trades, eq(trades.id, tradeOrders.tradeId))
    .where(
      and(
        eq(tradeOrders.userId, userId),
        eq(tradeOrders.connectionId, connectionId),
        eq(trades.status, 'OPEN'),
        inArray(tradeOrders.execution, ['resting', 'open']),
      ),
    );
  return rows.map((row) => ({
    ...row,
    execution: row.execution as LiveOnConnection['execution'],
    entryFillSz: row.entryFillSz === null ? null : Number(row.entryFillSz),
  }));
}

const coinOf = (symbol: string) => symbol.replace(/-USD$/, '');

/**
 * Whether the exchange shows something the journal does not know yet, so the fills are to be
 * read: no live trade to compare with (whatever made it due), an entry whose fill was never
 * read, a resting entry that filled (even in part) or is gone, or a held coin whose position
 * is not the journal's (a stop, target or liquidation filled). Off-plan positions on other
 * coins are not compared (the sweep reads them).
 */
export async function fillsExpected(
  account: Pick<ExchangeAccount, 'positions' | 'orderByCloid'>,
  live: readonly LiveOnConnection[],
): Promise<boolean> {
  if (live.length === 0) return true;
  if (live.some((t) => t.execution === 'open' && t.entryFillSz === null)) return true;
  for (const trade of live) {
    if (trade.execution !== 'resting') continue;
    const order = await account.orderByCloid(trade.entryCloid as `0x${string}`);
    if (!order || order.status !== 'open' || order.size < order.origSize) return true;
  }
  const held = live.filter((t) => t.execution === 'open');
  if (held.length === 0) return false;
  const expected = new Map<string, number>();
  for (const t of held) {
    expected.set(t.coin, (expected.get(t.coin) ?? 0) + (t.isLong ? 1 : -1) * t.entryFillSz!);
  }
  const positions = await account.positions();
  for (const [coin, size] of expected) {
    const position = positions.find((p) => coinOf(p.symbol) === coin);
    const actual = position ? (position.side === 'long' ? 1 : -1) * position.size : 0;
    if (Math.abs(actual - size) > 1e-9 * Math.max(1, Math.abs(size))) return true;
  }
  return false;
}
