import {
  analyze,
  filterOptions,
  filterTrades,
  tradesToCsv,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsResponse,
  type AnalyticsTrade,
  type Trade,
} from '@tb/core';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { TradeRowsCache } from './analytics-cache.js';
import { BingoRepository } from '../bingo/bingo.repository.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { requireFeature, type PlanAccessSource } from '../subscriptions/require-feature.js';

export type { PlanAccessSource };

/** The filtered trades' CSV file and the name it is saved under. */
export interface AnalyticsExport {
  filename: string;
  csv: string;
}

/** At most this many trades in GET /api/analytics/trades (the web lists a day's trades). */
export const ANALYTICS_TRADES_LIMIT = 1000;

type Options = AnalyticsResponse['options'];

/**
 * Reports kept per unchanged set of trades, one per filter the trader tried last (an unfiltered
 * report of 10,000 trades is about 1.5 MB of JSON).
 */
const MAX_REPORTS_KEPT = 4;

/** Newest first by when a trade happened: its close, or its opening while OPEN; then by id. */
function newestFirst(trades: readonly AnalyticsTrade[]): AnalyticsTrade[] {
  return trades
    .map((trade) => ({ trade, ms: Date.parse(trade.closedAt ?? trade.openedAt) }))
    .sort((a, b) => b.ms - a.ms || (a.trade.id < b.trade.id ? -1 : a.trade.id > b.trade.id ? 1 : 0))
    .map(({ trade }) => trade);
}

/** One snapshot for every read of a request: the versions and the rows read again agree. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * Analytics of DESIGN.md section 8 (premium): the user's trades (kept between requests, read
 * again when they change), filtered by core's filterTrades in the user's time zone and measured
 * by core's analyze.
 */
export class AnalyticsService {
  readonly #cache = new TradeRowsCache();
  /** The options of a user's trades, kept while the cache hands out the same array. */
  readonly #options = new WeakMap<
    readonly AnalyticsTrade[],
    { boards: string; options: Options }
  >();
  /**
   * Reports already computed from a user's trades, by time zone and filter, kept while the
   * cache hands out the same array (no trade changed): switching back to a filter, or the
   * page asking again, costs no recomputation.
   */
  readonly #reports = new WeakMap<readonly AnalyticsTrade[], Map<string, AnalyticsReport>>();

  constructor(
    private readonly db: Db,
    private readonly plans: PlanAccessSource,
    private readonly now: Clock,
  ) {}

  /** GET /api/analytics: the report of the filtered trades, the filters' options from all. */
  async report(user: UserRow, query: AnalyticsQuery): Promise<AnalyticsResponse> {
    await this.#requirePremium(user);
    const { all, boards } = await this.db.transaction(
      async (tx) => ({
        all: await this.#cache.load(user.id, new AnalyticsRepository(tx)),
        // None stored yet (no board ever opened): the trades' own names stand.
        boards: (await new BingoRepository(tx).find(user.id))?.bingoPages,
      }),
      SNAPSHOT,
    );
    const report = this.#reportOf(all, query, user.timeZone);
    // Kept while no trade changed and the boards are named as they were.
    const named = JSON.stringify(boards?.map((b) => [b.id, b.name]) ?? null);
    let options = this.#options.get(all);
    if (options?.boards !== named) {
      options = { boards: named, options: filterOptions(all, boards) };
      this.#options.set(all, options);
    }
    return { timeZone: user.timeZone, ...report, options: options.options };
  }

  #reportOf(all: readonly AnalyticsTrade[], query: AnalyticsQuery, timeZone: string) {
    let reports = this.#reports.get(all);
    if (!reports) this.#reports.set(all, (reports = new Map()));
    const key = JSON.stringify([
      timeZone,
      query.from,
      query.to,
      query.pair,
      query.side,
      query.board,
      query.tier,
      query.source,
    ]);
    let report = reports.get(key);
    if (!report) {
      report = analyze(filterTrades(all, query, timeZone), timeZone);
      if (reports.size >= MAX_REPORTS_KEPT) reports.clear();
      reports.set(key, report);
    }
    return report;
  }

  /**
   * GET /api/analytics/trades: the filtered trades, newest close first (an OPEN one by its
   * opening), at most ANALYTICS_TRADES_LIMIT.
   */
  async trades(user: UserRow, query: AnalyticsQuery): Promise<Trade[]> {
    await this.#requirePremium(user);
    return this.#filtered(user, query, ANALYTICS_TRADES_LIMIT);
  }

  /** GET /api/analytics/export.csv: every filtered trade, in the list's order. */
  async exportCsv(user: UserRow, query: AnalyticsQuery): Promise<AnalyticsExport> {
    await this.#requirePremium(user);
    const rows = await this.#filtered(user, query, Infinity);
    const filename = `trading-bingo-analytics-${query.from ?? 'all'}-${query.to ?? 'all'}.csv`;
    return { filename, csv: tradesToCsv(rows) };
  }

  /** The filtered trades in full, newest first, at most `limit`: only those are read in full. */
  async #filtered(user: UserRow, query: AnalyticsQuery, limit: number): Promise<Trade[]> {
    return this.db.transaction(async (tx) => {
      const repo = new AnalyticsRepository(tx);
      const all = await this.#cache.load(user.id, repo);
      const order = newestFirst(filterTrades(all, query, user.timeZone)).slice(0, limit);
      const ids = order.length === all.length ? 'all' : order.map((t) => t.id);
      const byId = new Map((await repo.fullTrades(user.id, ids)).map((t) => [t.id, t]));
      return order.flatMap((t) => byId.get(t.id) ?? []);
    }, SNAPSHOT);
  }

  /** 403 PREMIUM_REQUIRED unless the user's plan includes analytics now. */
  async #requirePremium(user: UserRow): Promise<void> {
    await requireFeature(this.plans, user, 'analytics', this.now());
  }
}
