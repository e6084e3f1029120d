import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { bingoStates, riskStates, trades, users } from '../db/schema/index.js';
import { bearer, createTrade, newUser, register } from './api.js';
import { WriteWatch } from './fuzz-db.js';
import {
  ABSURD,
  fillNumber,
  JSON_NUMBERS,
  numberOperations,
  refusalProblem,
  TEXT_NUMBERS,
  type NumberSlot,
} from './fuzz-numbers.js';
import { sampleRequests } from './fuzz-samples.js';
import { send, type OpenApiDocument, type SampleRequest } from './fuzz-strings.js';
import { describeEachDatabase } from './helper.js';

/*
 * Issue 29: every number slot of the OpenAPI document (path and query digits, body numbers at
 * any depth) gets tiny, huge, negative-zero and exponent values. What it found, each fixed:
 * - a board with a fractional cell point (0.5, 1e-12) made every new or imported trade a 500:
 *   the trade's score column took whole numbers only (migration 0025 makes it numeric);
 * - an order's size and price had no upper bound: a limit buy at 1e21 filled at the market,
 *   and 1e308 was refused as 'not a multiple of the step' (now MAX_AMOUNT, 'is too large');
 * - an imported trade's cell index and streak answered in the parser's words ('Invalid input:
 *   expected int, received number'), now sentences naming the field.
 */

const LONG = { pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };

/** Valid requests of the routes that take numbers but no text (fuzz-samples has the others). */
const NUMBER_SAMPLES: SampleRequest[] = [
  {
    method: 'POST',
    url: '/api/risk-management/settings',
    body: { accountSize: 10_000, baseTradeSize: 100, maxDailyLoss: 500, maxTradesPerDay: 3 },
  },
  {
    method: 'POST',
    url: '/api/exchange/unjournaled/import',
    body: { tids: [1], stopLoss: 90, takeProfit: 120 },
  },
  { method: 'POST', url: '/api/exchange/unjournaled/dismiss', body: { tids: [1] } },
];

/**
 * Objects holding a number slot that the route's sample leaves out, filled in valid so that the
 * number is the only thing wrong: a trade's live order (no value sent is a valid leverage, so
 * none is placed).
 */
const PARTS: Record<string, Record<string, unknown>> = {
  'POST /api/trades order': { type: 'limit', leverage: 2 },
};

/** Routes that create trades or boards: their stored counts are read before and after. */
const CREATING = new Set([
  'POST /api/trades',
  'POST /api/trades/import',
  'POST /api/exchange/unjournaled/import',
  'POST /api/bingo/card',
]);

/** Read after the fuzzing: what was taken must still read back (no 5xx computing with it). */
const READS = [
  '/api/trades',
  '/api/risk-management',
  '/api/bingo/card',
  '/api/users/widget-layout',
  '/api/analytics',
  '/api/analytics/trades',
  '/api/analytics/export.csv',
  '/api/leaderboard',
  '/api/exchange/account',
  '/api/exchange/positions',
];

interface Case {
  key: string;
  request: SampleRequest;
  slot: NumberSlot;
}

/**
 * A widget's props are the client's display settings (a chart's symbol, its view), kept as sent
 * and never computed with: any finite number is the client's to store there.
 */
const isWidgetProp = (c: Case) =>
  c.key === 'PUT /api/users/widget-layout' && c.slot.path.at(-2) === 'props';

const errorCode = (res: LightMyRequestResponse): string | undefined => {
  try {
    return res.json().error?.code;
  } catch {
    return undefined;
  }
};

describeEachDatabase(
  'fuzzing every number slot of every route with tiny, huge, negative-zero and exponent values',
  (ctx) => {
    let auth: Record<string, string>;
    let samples: Map<string, SampleRequest>;
    let doc: OpenApiDocument;
    let watch: WriteWatch;

    beforeAll(async () => {
      const me = await register(ctx.app, newUser('numadmin'));
      await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, me.id));
      auth = bearer(me.token);
      const other = await register(ctx.app);
      const trade = await createTrade(ctx.app, me.token, LONG);
      const key = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/exchanges',
        headers: auth,
        payload: { exchangeId: 'hyperliquid', network: 'paper' },
      });
      expect(key.statusCode, key.body).toBe(201);
      const ids = { me, other, trade: trade.id, key: key.json().exchange.id };
      samples = new Map(
        [...sampleRequests(ids), ...NUMBER_SAMPLES].map((s) => [`${s.method} ${s.url}`, s]),
      );
      doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      await ctx.app.inject({ method: 'GET', url: '/api/bingo/card', headers: auth });
      watch = await WriteWatch.start(ctx.database.db);
    });

    /** The stored boards, so a save carries the current version. */
    const boardsSample = async (): Promise<SampleRequest> => ({
      method: 'POST',
      url: '/api/bingo/card',
      body: (await ctx.app.inject({ method: 'GET', url: '/api/bingo/card', headers: auth })).json()
        .data,
    });

    /** Trades, and boards with the version of their row: a refused create changes neither. */
    async function storedCounts(): Promise<string> {
      const db = ctx.database.db;
      const [t] = await db.select({ n: count() }).from(trades);
      const [b] = await db
        .select({
          boards: sql<number>`coalesce(sum(jsonb_array_length(${bingoStates.pages})), 0)`,
          versions: sql<number>`coalesce(sum(${bingoStates.version}), 0)`,
        })
        .from(bingoStates);
      return `trades ${t!.n}, boards ${b!.boards} (versions ${b!.versions})`;
    }

    /**
     * A new OPEN trade, imported (not one of today's trades, so the daily limit never refuses
     * it): each value sent to a route of one trade meets an open trade and its computations.
     */
    async function openTrade(): Promise<string> {
      const trade = { ...LONG, status: 'OPEN', date: new Date().toISOString(), sizeUsd: 500 };
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/trades/import',
        headers: auth,
        payload: { trades: [{ ...trade, cells: null }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      await watch.changes();
      return res.json()[0].id;
    }

    /**
     * Today's trades counted back to 0, so that a value the schema takes reaches the opening
     * of the trade (its sizing) rather than the daily limit's refusal.
     */
    async function forgetTodaysTrades(): Promise<void> {
      await ctx.database.db
        .update(riskStates)
        .set({ dailyStats: sql`jsonb_set(${riskStates.dailyStats}, '{trades}', '0')` });
      await watch.changes();
    }

    /**
     * The sample of the case, with the stored boards' version, a new open trade, or today's
     * trades forgotten.
     */
    async function sampleOf(c: Case): Promise<SampleRequest> {
      if (c.key === 'POST /api/bingo/card') return boardsSample();
      if (c.key === 'POST /api/trades') await forgetTodaysTrades();
      const part = PARTS[`${c.key} ${c.slot.path[0]}`];
      if (part)
        return { ...c.request, body: { ...(c.request.body as object), [c.slot.path[0]!]: part } };
      if (!c.request.url.startsWith('/api/trades/{id}')) return c.request;
      return { ...c.request, params: { ...c.request.params, id: await openTrade() } };
    }

    function cases(): Case[] {
      return [...numberOperations(doc)].flatMap(([key, slots]) =>
        slots.map((slot) => ({ key, request: samples.get(key)!, slot })),
      );
    }

    it('has a valid sample for every route that takes a number', () => {
      const missing = [...numberOperations(doc)]
        .filter(([key, slots]) => slots.length > 0 && !samples.has(key))
        .map(([key]) => key);
      expect(missing).toEqual(['POST /api/bingo/card']);
      // Every kind of slot is found: path and query digits, body numbers nested in arrays.
      const where = cases().map((c) => `${c.key} ${c.slot.in} ${c.slot.path.join('.')}`);
      expect(where).toEqual(
        expect.arrayContaining([
          'PATCH /api/bingo/card/cell/{index} path index',
          'GET /api/exchange/ohlcv/{symbol} query since',
          'POST /api/trades body entryPrice',
          'POST /api/trades/import body trades.0.cells.0.points',
          'POST /api/bingo/card body bingoPages.0.bingoCells.0.points',
          'POST /api/exchange/order body size',
        ]),
      );
    });

    /**
     * Sends one edge value in the slot of `c` and says what is wrong: a 5xx; a refusal without
     * the error shape and a sentence, or one that wrote anything (an exchange's refusal, 422
     * EXCHANGE_REJECTED, is not ours: the paper exchange kept the signed action's nonce); or an
     * absurd value taken.
     */
    async function fuzzOne(c: Case, value: string, asText: boolean): Promise<string[]> {
      const sample = await sampleOf(c);
      const creates = CREATING.has(c.key);
      const before = creates ? await storedCounts() : '';
      const { res, what } = await send(ctx.app, fillNumber(sample, c.slot, value, asText), auth);
      const problems: string[] = [];
      const status = res.statusCode;
      if (status >= 500) problems.push(`5xx: ${what}`);
      const changed = await watch.changes();
      if (status >= 400 && status < 500) {
        const problem = refusalProblem(res);
        if (problem) problems.push(`${problem}: ${what}`);
        if (errorCode(res) !== 'EXCHANGE_REJECTED') {
          if (changed) problems.push(`refused but wrote ${changed}: ${what}`);
          const after = creates ? await storedCounts() : '';
          if (after !== before) problems.push(`refused but ${before} → ${after}: ${what}`);
        }
      }
      if (status < 300 && ABSURD.has(value) && !isWidgetProp(c)) {
        problems.push(`took an absurd value: ${what}`);
      }
      return problems;
    }

    it('answers every edge number without a 5xx; a refusal is a sentence and stores nothing', async () => {
      const problems: string[] = [];
      for (const c of cases()) {
        const values = c.slot.in === 'body' ? JSON_NUMBERS : TEXT_NUMBERS;
        for (const value of values) problems.push(...(await fuzzOne(c, value, false)));
        if (c.slot.text) {
          for (const value of TEXT_NUMBERS) problems.push(...(await fuzzOne(c, value, true)));
        }
      }
      for (const url of READS) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
        if (res.statusCode >= 400) problems.push(`read back: GET ${url} → ${res.statusCode}`);
      }
      expect(problems.join('\n')).toBe('');
      // Every route's number slots one by one: over 30 s on a loaded machine since the chat.
    }, 120_000);
  },
  { env: () => ({ RATE_LIMIT_SCALE: '1000' }) },
);
