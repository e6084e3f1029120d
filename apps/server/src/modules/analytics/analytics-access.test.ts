import { premiumLockTexts, TRADE_CSV_COLUMNS } from '@tb/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trades, users } from '../../db/schema/index.js';
import { addPlan, authed, register, roles } from '../../test/api.js';
import { describeEachDatabase, type TestContext } from '../../test/helper.js';

const ROUTES = ['/api/analytics', '/api/analytics/trades', '/api/analytics/export.csv'];

interface Row {
  pair?: string;
  isLong?: boolean;
  status?: 'OPEN' | 'TARGET_HIT' | 'STOPLOSS_HIT';
  /** When opened (the trade's date), ISO. */
  date: string;
  closedAt?: string | null;
  rMultiple?: number | null;
  pnlUsd?: number | null;
  tier?: number;
  cells?: Array<{ index: number; title: string; points: number }> | null;
  boardId?: string | null;
  boardName?: string | null;
  source?: 'journal' | 'exchange';
  hidden?: boolean;
}

/**
 * Stores a trade row directly, with the close time and board chosen (what the API cannot
 * give: a close at 23:30, another board, an exchange-verified trade). $100 at 100, stop 90.
 */
async function insertTrade(ctx: TestContext, userId: string, row: Row): Promise<string> {
  const decimal = (value: number | null | undefined) =>
    value === undefined || value === null ? null : String(value);
  const status = row.status ?? ((row.rMultiple ?? 2) > 0 ? 'TARGET_HIT' : 'STOPLOSS_HIT');
  const [stored] = await ctx.database.db
    .insert(trades)
    .values({
      userId,
      pair: row.pair ?? 'BTCUSDT',
      isLong: row.isLong ?? true,
      entryPrice: '100',
      stopLoss: '90',
      takeProfit: '120',
      riskRewardRatio: '2',
      tier: row.tier ?? 2,
      cells: row.cells ?? null,
      sizeUsd: '100',
      quantity: '1',
      riskUsd: '10',
      status,
      date: new Date(row.date),
      closedAt: row.closedAt ? new Date(row.closedAt) : null,
      rMultiple: decimal(status === 'OPEN' ? null : (row.rMultiple ?? 2)),
      pnlUsd: decimal(status === 'OPEN' ? null : (row.pnlUsd ?? 20)),
      exitPrice: status === 'OPEN' ? null : '120',
      boardId: row.boardId ?? null,
      boardName: row.boardName ?? null,
      source: row.source ?? 'journal',
      hidden: row.hidden ?? false,
    })
    .returning({ id: trades.id });
  return stored!.id;
}

const makePremium = (ctx: TestContext, id: string) =>
  ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, id));

describeEachDatabase('analytics: premium only, the caller’s own trades, clear refusals', (ctx) => {
  let who: Awaited<ReturnType<typeof roles>>;

  beforeAll(async () => {
    who = await roles(ctx.app, ctx.database);
  });

  describe.each(ROUTES)('GET %s', (route) => {
    it('refuses a free user with 403 PREMIUM_REQUIRED and the premium lock message', async () => {
      const res = await authed(ctx.app, who.user.token, 'GET', route);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'PREMIUM_REQUIRED',
        message: premiumLockTexts.defaultMessage,
      });
    });

    it('refuses an anonymous caller with 401', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: route });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    });

    it('answers a premium user (the paid flag) and a subscriber (a running plan)', async () => {
      expect((await authed(ctx.app, who.premium.token, 'GET', route)).statusCode).toBe(200);
      const subscriber = await register(ctx.app);
      await addPlan(ctx.app, who.admin.token, subscriber.id, 'monthly');
      expect((await authed(ctx.app, subscriber.token, 'GET', route)).statusCode).toBe(200);
    });

    it.each([
      ['from=2026-13-01', 'from', 'From is not a real date'],
      ['from=2026-02-30', 'from', 'From is not a real date'],
      ['to=yesterday', 'to', 'To must be a date as YYYY-MM-DD'],
      ['from=2026-03-05&to=2026-03-01', 'to', 'To must be on or after From'],
      ['side=up', 'side', 'Side must be long or short'],
      ['tier=9', 'tier', 'Tier must be 1 to 5'],
      ['tier=two', 'tier', 'Tier must be 1 to 5'],
      ['source=broker', 'source', 'Source must be journal, exchange or offPlan'],
    ])('answers %s with 400 and the message', async (query, field, message) => {
      const res = await authed(ctx.app, who.premium.token, 'GET', `${route}?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message, field });
    });
  });

  it('buckets a close at 23:30 UTC on the next day for a trader in Paris (UTC+1 in winter)', async () => {
    const trader = await register(ctx.app);
    await makePremium(ctx, trader.id);
    const zone = await authed(ctx.app, trader.token, 'PUT', '/api/users/time-zone', {
      timeZone: 'Europe/Paris',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const late = await insertTrade(ctx, trader.id, {
      date: '2026-01-15T21:00:00Z',
      closedAt: '2026-01-15T23:30:00Z',
    });
    const get = (url: string) => authed(ctx.app, trader.token, 'GET', url);

    const all = (await get('/api/analytics')).json();
    expect(all.timeZone).toBe('Europe/Paris');
    expect(all.calendar).toEqual([{ date: '2026-01-16', trades: 1, pnlUsd: 20, r: 2 }]);
    // Opened at 22:00 in Paris on a Thursday.
    expect(all.byWeekday.map((d: { key: string }) => d.key)).toEqual(['Thu']);
    expect(all.byHour.map((h: { key: string }) => h.key)).toEqual(['22']);

    const nextDay = (await get('/api/analytics?from=2026-01-16&to=2026-01-16')).json();
    expect(nextDay.summary.trades).toBe(1);
    const utcDay = (await get('/api/analytics?from=2026-01-15&to=2026-01-15')).json();
    expect(utcDay.summary.trades).toBe(0);
    expect(utcDay.calendar).toEqual([]);

    const listed = (await get('/api/analytics/trades?from=2026-01-16&to=2026-01-16')).json();
    expect(listed.map((t: { id: string }) => t.id)).toEqual([late]);
    expect((await get('/api/analytics/trades?from=2026-01-15&to=2026-01-15')).json()).toEqual([]);
  });

  it('filters by board and source, names each board by its latest name, counts hidden trades', async () => {
    const trader = await register(ctx.app);
    await makePremium(ctx, trader.id);
    const scalps = { boardId: 'board-scalps', boardName: 'Scalps' };
    const swings = { boardId: 'board-swings', boardName: 'Swings' };
    const day = (d: number, h = 12) => `2026-02-${String(d).padStart(2, '0')}T${h}:00:00Z`;
    await insertTrade(ctx, trader.id, {
      ...scalps,
      boardName: 'Old name',
      date: day(1),
      closedAt: day(1, 13),
    });
    await insertTrade(ctx, trader.id, {
      ...scalps,
      date: day(2),
      closedAt: day(2, 13),
      rMultiple: -1,
      pnlUsd: -10,
    });
    await insertTrade(ctx, trader.id, {
      ...swings,
      pair: 'SOLUSDT',
      date: day(3),
      closedAt: day(3, 13),
      hidden: true,
    });
    await insertTrade(ctx, trader.id, {
      ...swings,
      date: day(4),
      closedAt: day(4, 13),
      source: 'exchange',
      rMultiple: 3,
      pnlUsd: 30,
    });
    // Recorded before boards were kept with trades: no board.
    await insertTrade(ctx, trader.id, {
      pair: 'ADAUSDT',
      date: day(5),
      closedAt: day(5, 13),
      rMultiple: -1,
      pnlUsd: -10,
    });
    const report = async (query: string) => {
      const res = await authed(ctx.app, trader.token, 'GET', `/api/analytics${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const all = await report('');
    expect(all.summary).toMatchObject({ trades: 5, wins: 3, losses: 2, totalR: 5, totalUsd: 50 });
    expect(all.options).toEqual({
      pairs: ['ADAUSDT', 'BTCUSDT', 'SOLUSDT'],
      boards: [
        { id: 'board-scalps', name: 'Scalps' },
        { id: 'board-swings', name: 'Swings' },
      ],
    });
    expect((await report('?board=board-scalps')).summary).toMatchObject({ trades: 2, totalR: 1 });
    expect((await report('?board=board-swings')).summary).toMatchObject({ trades: 2, totalR: 5 });
    expect((await report('?source=exchange')).summary).toMatchObject({ trades: 1, totalR: 3 });
    expect((await report('?source=journal')).summary).toMatchObject({ trades: 4, totalR: 2 });
    expect((await report('?board=board-swings&source=journal')).summary).toMatchObject({
      trades: 1,
      totalUsd: 20,
    });
  });

  it('names boards as they are now: a deleted board says so, never twice under one name', async () => {
    const trader = await register(ctx.app);
    await makePremium(ctx, trader.id);
    const card = await authed(ctx.app, trader.token, 'GET', '/api/bingo/card');
    const state = card.json().data;
    const board = state.bingoPages[0];
    const day = (d: number) => `2026-03-0${d}T12:00:00Z`;
    // The same name on a board since deleted and on the board the trader has now.
    await insertTrade(ctx, trader.id, { boardId: 'gone', boardName: board.name, date: day(1) });
    await insertTrade(ctx, trader.id, { boardId: board.id, boardName: board.name, date: day(2) });
    const options = async () =>
      (await authed(ctx.app, trader.token, 'GET', '/api/analytics')).json().options.boards;
    expect(await options()).toEqual([
      { id: board.id, name: board.name },
      { id: 'gone', name: `${board.name} (deleted)` },
    ]);
    const renamed = { ...state, bingoPages: [{ ...board, name: 'Morning scalps' }] };
    const saved = await authed(ctx.app, trader.token, 'POST', '/api/bingo/card', renamed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await options()).toEqual([
      { id: 'gone', name: `${board.name} (deleted)` },
      { id: board.id, name: 'Morning scalps' },
    ]);
  });

  it("never counts another user's trades, in any route", async () => {
    const mine = await register(ctx.app);
    const theirs = await register(ctx.app);
    await makePremium(ctx, mine.id);
    await makePremium(ctx, theirs.id);
    const closed = { date: '2026-04-01T10:00:00Z', closedAt: '2026-04-01T11:00:00Z' };
    const myTrade = await insertTrade(ctx, mine.id, closed);
    const theirTrade = await insertTrade(ctx, theirs.id, {
      ...closed,
      pair: 'DOGEUSDT',
      boardId: 'their-board',
      boardName: 'Theirs',
      rMultiple: -1,
      pnlUsd: -10,
    });
    const get = (url: string) => authed(ctx.app, mine.token, 'GET', url);

    const report = (await get('/api/analytics')).json();
    expect(report.summary).toMatchObject({ trades: 1, wins: 1, losses: 0, totalUsd: 20 });
    expect(report.options).toEqual({ pairs: ['BTCUSDT'], boards: [] });
    expect((await get('/api/analytics?board=their-board')).json().summary.trades).toBe(0);
    expect((await get('/api/analytics?pair=DOGEUSDT')).json().summary.trades).toBe(0);
    const list = (await get('/api/analytics/trades')).json();
    expect(list.map((t: { id: string }) => t.id)).toEqual([myTrade]);
    const csv = (await get('/api/analytics/export.csv')).body;
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv).toContain(myTrade);
    expect(csv).not.toContain(theirTrade);
    expect(csv.startsWith(`${TRADE_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
  });

  it('is in the OpenAPI document under the analytics tag, the CSV as text/csv', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const route of ROUTES) {
      const op = doc.paths[route]?.get;
      expect(op?.tags, route).toEqual(['analytics']);
      expect(op?.security, route).toEqual([{ bearer: [] }]);
      const params = op.parameters.map((p: { name: string }) => p.name).sort();
      expect(params).toEqual(['board', 'from', 'pair', 'side', 'source', 'tier', 'to']);
    }
    const csv = doc.paths['/api/analytics/export.csv'].get;
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
  });
});
