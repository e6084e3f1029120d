import { gunzipSync } from 'node:zlib';
import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { trades } from '../../db/schema/index.js';
import { authed, bearer, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { TradesRepository, toTrade } from './trades.repository.js';

/** A closed trade with every kind of column filled, and variations by `i`. */
const row = (userId: string, i: number) => ({
  userId,
  pair: i % 2 ? 'ETHUSDT' : 'BTCUSDT',
  isLong: i % 3 !== 0,
  entryPrice: '65012.123456789012',
  stopLoss: '64000.5',
  takeProfit: '67036.1',
  riskRewardRatio: '2',
  score: 7,
  tier: 2,
  cells: i % 4 === 0 ? null : [{ index: 3, title: 'Ré "tested" \\ level\n', points: 2 }],
  targetManual: i % 5 === 0,
  sizeUsd: '1000',
  quantity: '0.015381743316583827',
  riskUsd: '15.563',
  sizeEstimated: i % 7 === 0,
  streakAtOpen: i % 2 ? -2 : null,
  accountSizeAtOpen: i % 2 ? '10000' : null,
  boardId: 'default',
  boardName: 'Default Board',
  source: (['journal', 'exchange', 'offPlan'] as const)[i % 3],
  notes: i % 2 ? "It's 'quoted', \"double\", ünïcode ✓ and a\ttab" : '',
  status: i % 6 === 0 ? ('OPEN' as const) : ('STOPLOSS_HIT' as const),
  profitLoss: i % 6 === 0 ? null : '-1011.623456789012',
  exits: i % 2 ? [{ price: 64500.25, quantity: 0.005, at: '2026-03-01T10:00:00.000Z' }] : [],
  exitPrice: i % 6 === 0 ? null : '64000.5',
  rMultiple: i % 6 === 0 ? null : '-1',
  pnlUsd: i % 6 === 0 ? null : '-15.563',
  feesUsd: i % 3 === 1 ? '0.9' : null,
  fundingUsd: i % 3 === 1 ? '-0.01' : null,
  mfeR: i % 2 ? '0.42' : null,
  maeR: i % 2 ? '-1' : null,
  imported: i % 4 === 1,
  hidden: i === 5,
  date: new Date(Date.UTC(2026, 2, 1, 9, 30, 15, 123) + i * 60_000),
  closedAt: i % 6 === 0 ? null : new Date(Date.UTC(2026, 2, 1, 12, 0, 0, 7) + i * 60_000),
  createdAt: new Date(Date.UTC(2026, 2, 1, 9, 30, 16, 456) + i * 60_000),
  updatedAt: new Date(Date.UTC(2026, 2, 2) + i * 60_000),
});

describeEachDatabase('the trade list (GET /api/trades)', (ctx) => {
  it('reads each trade as the column-by-column read does, newest first, hidden ones left out', async () => {
    const user = await register(ctx.app);
    await ctx.database.db
      .insert(trades)
      .values(Array.from({ length: 12 }, (_, i) => row(user.id, i)));
    const listed = await new TradesRepository(ctx.database.db).listVisible(user.id);
    const columnByColumn = await ctx.database.db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, user.id), eq(trades.hidden, false)))
      .orderBy(desc(trades.createdAt));
    expect(listed).toHaveLength(11);
    expect(listed).toEqual(columnByColumn.map(toTrade));
  });

  it('lists every trade of a large journal, not the newest thousand', async () => {
    const user = await register(ctx.app);
    const other = await register(ctx.app);
    const many = Array.from({ length: 1203 }, (_, i) => ({ ...row(user.id, i), hidden: false }));
    await ctx.database.db.insert(trades).values(many);
    await ctx.database.db.insert(trades).values(row(other.id, 1));
    const res = await authed(ctx.app, user.token, 'GET', '/api/trades');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: string; status: string }>;
    expect(list).toHaveLength(1203);
    expect(new Set(list.map((t) => t.id)).size).toBe(1203);
    // OPEN first (every sixth), then the rest.
    expect(list.slice(0, 201).every((t) => t.status === 'OPEN')).toBe(true);
    expect(list[201]!.status).not.toBe('OPEN');
  });

  it("answers a browser's request gzipped (as small as brotli here, and faster)", async () => {
    const user = await register(ctx.app);
    await ctx.database.db
      .insert(trades)
      .values(Array.from({ length: 20 }, (_, i) => row(user.id, i)));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/trades',
      headers: { ...bearer(user.token), 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toHaveLength(19);
  });

  it('answers an empty journal with an empty list', async () => {
    const user = await register(ctx.app);
    const res = await authed(ctx.app, user.token, 'GET', '/api/trades');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
