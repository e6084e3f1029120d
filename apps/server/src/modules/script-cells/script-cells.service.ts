import {
  effectivePlan,
  evaluateScriptCells,
  hasFeature,
  premiumLockTexts,
  scriptCellsForPlan,
  symbolBase,
  type Candle,
  type ScriptCell,
  type ScriptCellsQuery,
  type ScriptCellsResponse,
  type ScriptTicks,
} from '@tb/core';
import { ExchangeError, INTERVAL_MS } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PlanAccessSource } from '../analytics/analytics.service.js';
import { exchangeFailure } from '../exchange/exchange-errors.js';
import type { ExchangeService } from '../exchange/exchange.service.js';

/** The text of an exchange failure while reading the cells' market data. */
export const SCRIPT_CELLS_FAILURE = 'Failed to read the market data of the script cells';
/**
 * Daily candles read for the coin and BTC: 20 closed for the average, 15 for ATR(14) within
 * them, the one still open, and room for a day the exchange has not drawn yet.
 */
export const SCRIPT_DAILY_CANDLES = 40;
/** Candles of the trade's timeframe read for the volume rule: 21 closed and the open one. */
export const SCRIPT_VOLUME_CANDLES = 30;
/** How long an answer is kept: the plan screen's minute, and a trade saved within it agrees. */
export const SCRIPT_CELLS_CACHE_MS = 60_000;
/** Answers kept at most (the oldest goes first). */
const SCRIPT_CELLS_CACHE_SIZE = 2_000;

/**
 * Ticks the script cells of the caller's plan (DESIGN.md section 15) for a planned trade, from
 * the market data of the caller's network (the candles cached as the chart's are).
 */
export class ScriptCellsService {
  constructor(
    private readonly deps: {
      exchange: ExchangeService;
      plans: PlanAccessSource;
      now: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Answers of the last minute by user, pair, side and timeframe (see {@link evaluate}). */
  readonly #recent = new Map<string, ScriptCellsResponse>();

  /**
   * The script cells of the caller's plan ticked for a planned trade. An answer is kept for
   * {@link SCRIPT_CELLS_CACHE_MS}, so the cells a trader saw at plan time are the ones a trade
   * saved within that minute records (and a plan screen asking again costs no exchange call).
   */
  async evaluate(user: UserRow, query: ScriptCellsQuery): Promise<ScriptCellsResponse> {
    const now = this.deps.now();
    const access = await this.deps.plans.planAccess(user, now);
    const plan = effectivePlan(access);
    const cells = plan && plan !== 'free' ? scriptCellsForPlan(plan) : [];
    if (!hasFeature(access, 'scriptCase') || cells.length === 0) {
      throw new AppError(403, 'PREMIUM_REQUIRED', premiumLockTexts.defaultMessage);
    }
    const key = JSON.stringify([user.id, query.pair, query.isLong, query.timeframe]);
    const kept = this.#recent.get(key);
    const age = kept ? now.getTime() - Date.parse(kept.evaluatedAt) : Infinity;
    if (kept && age >= 0 && age < SCRIPT_CELLS_CACHE_MS) return kept;
    const answer = await this.#evaluate(user.id, cells, query, now);
    this.#recent.delete(key);
    if (this.#recent.size >= SCRIPT_CELLS_CACHE_SIZE) {
      this.#recent.delete(this.#recent.keys().next().value as string);
    }
    this.#recent.set(key, answer);
    return answer;
  }

  /**
   * What the script found for a trade being saved, by script cell ({@link evaluate}'s answer,
   * so the minute's cached one when the trader just planned it).
   */
  async ticks(user: UserRow, query: ScriptCellsQuery): Promise<ScriptTicks> {
    const answer = await this.evaluate(user, query);
    return Object.fromEntries(
      answer.cells.map((cell) => [cell.id, { ticked: cell.ticked, value: cell.value }]),
    );
  }

  async #evaluate(
    userId: string,
    cells: ScriptCell[],
    query: ScriptCellsQuery,
    now: Date,
  ): Promise<ScriptCellsResponse> {
    const { pair, isLong, timeframe } = query;
    const side = isLong ? 'long' : 'short';
    const base = symbolBase(pair) ?? pair;
    const nowMs = now.getTime();
    const results = evaluateScriptCells(
      { ...(await this.#marketData(userId, pair, base, timeframe)), nowMs },
      side,
    );
    return {
      pair,
      isLong,
      timeframe,
      cells: cells.map((cell) => ({
        id: cell.id,
        label: cell.label,
        rule: cell.rule,
        points: cell.points,
        unit: cell.valueUnit,
        ...results[cell.id],
      })),
      evaluatedAt: now.toISOString(),
    };
  }

  /** The coin's and BTC's daily candles, the timeframe's candles and the funding rate. */
  async #marketData(
    userId: string,
    pair: string,
    base: string,
    timeframe: ScriptCellsQuery['timeframe'],
  ) {
    const market = await this.deps.exchange.market(userId);
    const dailyOf = (symbol: string) =>
      market.ohlcv(symbol, { timeframe: '1d', limit: SCRIPT_DAILY_CANDLES });
    try {
      const isBtc = base.toUpperCase() === 'BTC';
      const [dailyCandles, btcDailyCandles, candles, fundingRatePerHour] = await Promise.all([
        dailyOf(pair),
        isBtc ? null : dailyOf('BTC'),
        market.ohlcv(pair, { timeframe, limit: SCRIPT_VOLUME_CANDLES }),
        market.fundingRate(pair),
      ]);
      return {
        dailyCandles,
        btcDailyCandles: btcDailyCandles ?? dailyCandles,
        candles: candles as Candle[],
        intervalMs: INTERVAL_MS[timeframe],
        fundingRatePerHour,
      };
    } catch (err) {
      if (err instanceof ExchangeError && err.kind === 'unknown-symbol') {
        throw badRequest(`Unknown pair ${pair}: the exchange lists no ${base} market`, 'pair');
      }
      throw exchangeFailure(err, SCRIPT_CELLS_FAILURE, this.deps.log);
    }
  }
}
