import { excursionInterval, tradeExcursions, type Excursions, type Trade } from '@tb/core';
import { ExchangeError, type MarketData, type Network } from '@tb/hyperliquid';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { ModuleDeps } from '../module-deps.js';
import { ExcursionsRepository, type ClosedTradeRow } from './excursions.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's excursions service (set by buildApp): tests wait for its reads and sweep. */
    excursions: TradeExcursions;
  }
}

/** Closed trades whose excursions a sweep still tries to fill: those closed this recently. */
export const EXCURSIONS_WINDOW_MS = 7 * 24 * 60 * 60_000;
/**
 * How long a close by hand waits for its excursions before answering without them (they are
 * stored in the background then): one candleSnapshot on a cached meta, usually far less.
 */
export const EXCURSIONS_CLOSE_WAIT_MS = 1_000;
/** Trades one sweep reads candles for at most (one candleSnapshot each). */
export const EXCURSIONS_PER_SWEEP = 10;
/** The least time between two sweeps of one instance (the reconciler passes every few s). */
export const EXCURSIONS_SWEEP_EVERY_MS = 60_000;
/** After a failed read, a trade waits this long before the next try, doubling each time. */
const RETRY_BASE_MS = 60_000;
/** Trades waiting for a retry or of an unknown market that one instance remembers at most. */
const MAX_REMEMBERED = 1_000;

/** What a read of one trade's excursions came to. */
export type ExcursionsOutcome = 'stored' | 'unknown-market' | 'failed' | 'skipped';

export interface TradeExcursionsDeps {
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  /** The networks' shared market data (ExchangeNetworks.market). */
  market: (network: Network) => MarketData;
  /** MARKET_DATA_NETWORK: the market of journal trades (none when it is paper). */
  marketNetwork: Network;
}

/**
 * MFE and MAE of closed trades (issue 26), stored after the close: never inside the close's
 * transaction, which must not wait on the exchange. `afterClose` reads a trade's candles in the
 * background right after its close commits (the trade routes' exits, the reconciler's fills);
 * `sweep` (on the reconciler's passes) fills what a first read missed, a few trades a pass.
 *
 * The market: a trade placed through an exchange connection is read on that connection's
 * network (its own prices filled it); a journal trade on MARKET_DATA_NETWORK, unless that is
 * paper, whose prices are a simulation and not the market the journal records (as for entry
 * bounds, market-price.ts). One candleSnapshot per trade: the finest interval whose most recent
 * 5,000 candles reach back to the opening (core excursionInterval: 1m for about 3.5 days, then
 * 5m, 15m, 1h...), since Hyperliquid serves no older candles to page to. Its weight is 20 plus
 * 1 per 60 candles: about 24 for a trade of a few hours, at most about 100 for one of 3.5 days.
 *
 * A trade whose market is unknown (a pair the exchange does not list) stays null; it is not
 * tried again by this instance, and no sweep looks at trades closed more than
 * EXCURSIONS_WINDOW_MS ago. A failed read is logged (a warning, no secrets) and retried by the
 * sweep after a back-off.
 */
export class TradeExcursions {
  /** Reads in flight (tests and shutdown wait for them). */
  readonly #running = new Set<Promise<unknown>>();
  /** Trades not to try before the given epoch ms (Infinity: unknown market). */
  readonly #notBefore = new Map<string, { at: number; failures: number }>();
  #lastSweep = -Infinity;
  #sweeping: Promise<number> | null = null;

  constructor(private readonly deps: TradeExcursionsDeps) {}

  /**
   * After a close committed: reads and stores the trade's excursions, waiting at most `waitMs`
   * for them (the read goes on in the background after that). Answers them when stored in
   * time, else null; never throws.
   */
  async afterClose(trade: Pick<Trade, 'id' | 'status'>, waitMs = 0): Promise<Excursions | null> {
    if (trade.status === 'OPEN') return null;
    const read = this.#read(trade.id);
    this.#track(read);
    if (waitMs <= 0) return null;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      const result = await Promise.race([read, gaveUp]);
      return result === null || typeof result === 'string' ? null : result;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * After the reconciler closed trades from fills: read in the background for each; `onStored`
   * once per trade whose excursions were stored (the trader's pages read the trades again).
   */
  afterFills(tradeIds: readonly string[], onStored?: () => void): void {
    for (const id of tradeIds) {
      this.#track(
        this.fill(id).then((outcome) => {
          if (outcome === 'stored') onStored?.();
          return outcome;
        }),
      );
    }
  }

  /** Waits for every read in flight. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  /** Reads one closed trade's candles and stores its excursions; never throws. */
  async fill(tradeId: string): Promise<ExcursionsOutcome> {
    const result = await this.#read(tradeId);
    return typeof result === 'string' ? result : 'stored';
  }

  /** fill, answering the excursions stored, or why there are none. */
  async #read(tradeId: string): Promise<Excursions | Exclude<ExcursionsOutcome, 'stored'>> {
    try {
      const row = await this.#repo().closed(tradeId);
      return row ? await this.#fillRow(row) : 'skipped';
    } catch (error) {
      return this.#failed(tradeId, error);
    }
  }

  /**
   * Fills trades closed within EXCURSIONS_WINDOW_MS whose excursions are still null, at most
   * EXCURSIONS_PER_SWEEP of them (newest first), skipping those waiting for a retry or whose
   * market is unknown. At most once per EXCURSIONS_SWEEP_EVERY_MS unless `force`. Answers how
   * many were stored.
   */
  async sweep({ force = false }: { force?: boolean } = {}): Promise<number> {
    const nowMs = this.deps.now().getTime();
    if (!force && nowMs - this.#lastSweep < EXCURSIONS_SWEEP_EVERY_MS) return 0;
    this.#lastSweep = nowMs;
    let rows: ClosedTradeRow[];
    try {
      rows = await this.#repo().missing(
        new Date(nowMs - EXCURSIONS_WINDOW_MS),
        new Date(nowMs),
        // Enough to get past the trades waiting for a retry.
        EXCURSIONS_PER_SWEEP + this.#notBefore.size,
        // Journal trades have no market when MARKET_DATA_NETWORK is paper.
        this.deps.marketNetwork === 'paper',
      );
    } catch (error) {
      this.deps.log.warn(
        { reason: reasonOf(error) },
        'excursions: the sweep could not read trades',
      );
      return 0;
    }
    const due = rows
      .filter((row) => (this.#notBefore.get(row.id)?.at ?? -Infinity) <= nowMs)
      .slice(0, EXCURSIONS_PER_SWEEP);
    let stored = 0;
    for (const row of due) {
      const outcome = await this.#fillRow(row).catch((error: unknown) =>
        this.#failed(row.id, error),
      );
      if (typeof outcome !== 'string') stored += 1;
    }
    return stored;
  }

  /**
   * The reconciler's passes: a sweep in the background (its reads may wait on the exchange;
   * the live loop must not), none while one is still going.
   */
  sweepInBackground(): void {
    if (this.#sweeping) return;
    const sweep = this.sweep().finally(() => (this.#sweeping = null));
    this.#sweeping = sweep;
    this.#track(sweep);
  }

  /** Keeps the memory of skipped trades bounded: forgotten ones are simply tried again. */
  #remember() {
    if (this.#notBefore.size >= MAX_REMEMBERED) this.#notBefore.clear();
  }

  #track(work: Promise<unknown>) {
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work));
  }

  #repo() {
    return new ExcursionsRepository(this.deps.db);
  }

  async #fillRow(row: ClosedTradeRow): Promise<Excursions | Exclude<ExcursionsOutcome, 'stored'>> {
    const network = row.network ?? this.deps.marketNetwork;
    if (!row.closedAt) return 'skipped';
    if (row.network === null && network === 'paper') return this.#unknown(row.id);
    const openedAtMs = row.date.getTime();
    const closedAtMs = row.closedAt.getTime();
    const chosen = excursionInterval(openedAtMs, this.deps.now().getTime());
    if (!chosen) return this.#unknown(row.id);
    let candles;
    try {
      candles = await this.deps.market(network).ohlcv(row.pair, {
        timeframe: chosen.interval,
        limit: 5_000,
        since: openedAtMs,
      });
    } catch (error) {
      if (error instanceof ExchangeError && error.kind === 'unknown-symbol') {
        return this.#unknown(row.id);
      }
      throw error;
    }
    const result = tradeExcursions(
      {
        isLong: row.isLong,
        entryPrice: Number(row.entryPrice),
        stopLoss: Number(row.stopLoss),
        exitPrice: row.exitPrice === null ? null : Number(row.exitPrice),
        openedAtMs,
        closedAtMs,
      },
      candles,
      chosen.ms,
    );
    if (!result) return this.#unknown(row.id);
    await this.#repo().store(row.id, row.closedAt, result);
    this.#notBefore.delete(row.id);
    return result;
  }

  #unknown(tradeId: string): 'unknown-market' {
    this.#remember();
    this.#notBefore.set(tradeId, { at: Infinity, failures: 0 });
    return 'unknown-market';
  }

  #failed(tradeId: string, error: unknown): 'failed' {
    const failures = (this.#notBefore.get(tradeId)?.failures ?? 0) + 1;
    const retryInMs = RETRY_BASE_MS * 2 ** Math.min(failures - 1, 10);
    this.#remember();
    this.#notBefore.set(tradeId, { at: this.deps.now().getTime() + retryInMs, failures });
    this.deps.log.warn(
      { tradeId, failures, retryInMs, reason: reasonOf(error) },
      'excursions: reading the candles failed; the sweep tries again',
    );
    return 'failed';
  }
}

/** An error's message only (an exchange error's message is safe to show; no stack, no body). */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : 'unknown');

/**
 * The app's excursions service on the networks' shared market data; the app waits for the reads
 * in flight when it closes.
 */
export function registerExcursions(
  api: FastifyInstance,
  { db, now, log, config }: ModuleDeps,
  networks: Pick<ExchangeNetworks, 'market'>,
): TradeExcursions {
  const excursions = new TradeExcursions({
    db,
    now,
    log,
    market: (network) => networks.market(network),
    marketNetwork: config.marketDataNetwork,
  });
  api.addHook('onClose', () => excursions.idle());
  return excursions;
}
