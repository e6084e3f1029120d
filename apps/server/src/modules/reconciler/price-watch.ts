import type { MarketData } from '@tb/hyperliquid';
import { withWeightPriority } from '../../lib/weight-priority.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.js';
import {
  exchangeCredentials,
  exchangeCursors,
  tradeOrders,
  trades,
} from '../../db/schema/index.js';
import { dueTrades, type AtLevel, type LiveLevels } from './live-levels.js';

/**
 * The reconciler watches prices, not accounts (DESIGN.md section 13): each pass reads the mids
 * of the networks with live trades (`allMids`, weight 2, from the market cache every user of
 * the network shares: one request a second for the whole deployment) and marks the
 * connections whose trades reached a level due (`exchange_cursors.due_at`); the pass then
 * reads only those connections' fills. What prices cannot explain (a close in another app) is
 * caught by the slow sweep (reconciler.repository.ts).
 */
export class PriceWatch {
  /** Trades at a level, by trade id: when their fills are read again (live-levels.ts). */
  #atLevel = new Map<string, AtLevel>();

  constructor(
    private readonly deps: {
      db: Queryable;
      log: FastifyBaseLogger;
      market: (network: LiveLevels['network']) => Pick<MarketData, 'mids'>;
    },
  ) {}

  /** One look at the market (at `live`, read now when not given): how many were marked due. */
  async tick(now: Date, live?: readonly LiveTrade[]): Promise<number> {
    live ??= await liveTrades(this.deps.db);
    const mids = await this.#mids(new Set(live.map((t) => t.network)));
    const { due, next } = dueTrades(
      live,
      (trade) => mids.get(trade.network)?.get(trade.coin),
      this.#atLevel,
      now.getTime(),
    );
    this.#atLevel = next;
    const connections = [...new Set(due.map((t) => t.connectionId))];
    if (connections.length > 0) await markDue(this.deps.db, connections, now);
    return connections.length;
  }

  /** Mids by coin per network; a network that cannot answer now is left out (logged). */
  async #mids(networks: ReadonlySet<LiveLevels['network']>) {
    const byNetwork = new Map<LiveLevels['network'], Map<string, number>>();
    await Promise.all(
      [...networks].map(async (network) => {
        try {
          // The live loop's own read: it goes before sweeps and visitors' market data.
          const mids = await withWeightPriority('live', () => this.deps.market(network).mids());
          const coins = new Map<string, number>();
          for (const [coin, px] of Object.entries(mids)) {
            const value = Number(px);
            if (Number.isFinite(value)) coins.set(coin, value);
          }
          byNetwork.set(network, coins);
        } catch (err) {
          this.deps.log.warn(
            { network, reason: err instanceof Error ? err.message : 'unknown' },
            'reconciler: could not read prices; the sweep carries on',
          );
        }
      }),
    );
    return byNetwork;
  }
}

/** A live trade, with the account its orders are on and when they were placed. */
export interface LiveTrade extends LiveLevels {
  /** The account's (master) address: what the exchange's user subscriptions follow. */
  wallet: string;
  placedAt: Date;
}

/** Every linked OPEN trade whose orders are on an exchange (entry resting, or position open). */
export async function liveTrades(db: Queryable): Promise<LiveTrade[]> {
  const rows = await db
    .select({
      tradeId: tradeOrders.tradeId,
      userId: tradeOrders.userId,
      connectionId: tradeOrders.connectionId,
      network: exchangeCredentials.network,
      coin: tradeOrders.coin,
      isLong: trades.isLong,
      execution: tradeOrders.execution,
      orderType: tradeOrders.orderType,
      entry: trades.entryPrice,
      stop: sql<string>`coalesce(${tradeOrders.stopPx}, ${trades.stopLoss})`,
      target: trades.takeProfit,
      leverage: tradeOrders.leverage,
      entryFill: tradeOrders.entryFillPx,
      wallet: exchangeCredentials.walletAddress,
      placedAt: tradeOrders.createdAt,
    })
    .from(tradeOrders)
    .innerJoin(trades, eq(trades.id, tradeOrders.tradeId))
    .innerJoin(exchangeCredentials, eq(exchangeCredentials.id, tradeOrders.connectionId))
    .where(and(eq(trades.status, 'OPEN'), inArray(tradeOrders.execution, ['resting', 'open'])));
  return rows.map((row) => ({
    ...row,
    execution: row.execution as LiveLevels['execution'],
    entry: Number(row.entry),
    stop: Number(row.stop),
    target: Number(row.target),
    entryFill: row.entryFill === null ? null : Number(row.entryFill),
  }));
}

/** The connections' fills are due now (an earlier due time stays). */
export async function markDue(db: Queryable, connectionIds: readonly string[], now: Date) {
  await db
    .update(exchangeCursors)
    .set({ dueAt: sql`least(${exchangeCursors.dueAt}, ${now.toISOString()}::timestamptz)` })
    .where(inArray(exchangeCursors.connectionId, [...connectionIds]));
}
