import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sortTradesForDisplay } from '@tb/core';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradeOrders, trades } from '../../db/schema/index.js';
import { authed, bearer, createTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { TradeListAnswers } from './trade-list.js';
import { TradeOrdersRepository } from './trade-orders.repository.js';
import { TradesRepository } from './trades.repository.js';

/** $1,000 long at 100, stop 90, target 120. */
const LONG = { pair: 'SOLUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 };
const IMPORTED = {
  pair: 'ETHUSDT',
  isLong: true,
  entryPrice: 3000,
  stopLoss: 2900,
  takeProfit: 3300,
  notes: 'from the browser',
  status: 'TARGET_HIT',
  date: '2026-11-20T09:30:00.000Z',
  closedAt: '2026-11-20T15:00:00.000Z',
  sizeUsd: 600,
  sizeEstimated: false,
  targetManual: false,
  cells: [],
  streakAtOpen: 0,
  accountSizeAtOpen: 10_000,
};

describeEachDatabase('GET /api/trades from the per-trader cache, with ETag and 304', (ctx) => {
  const list = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/trades',
      headers: { ...bearer(token), ...headers },
    });

  /**
   * The list read without any cache: the repositories as TradesService.list reads them, through
   * JSON as the route sends it.
   */
  const fresh = async (userId: string) => {
    const db = ctx.database.db;
    const listed = await new TradesRepository(db).listVisible(userId);
    const live = await new TradeOrdersRepository(db).findMany(
      userId,
      listed.map((t) => t.id),
    );
    const withLive = listed.map((t) => (live.has(t.id) ? { ...t, live: live.get(t.id) } : t));
    return JSON.parse(JSON.stringify(sortTradesForDisplay(withLive))) as unknown;
  };

  /**
   * Reads the list twice (the second from the cache when nothing changed in between), checks
   * both against a fresh read and answers the ETag.
   */
  const cachedEqualsFresh = async (user: { id: string; token: string }) => {
    const first = await list(user.token);
    const again = await list(user.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = await fresh(user.id);
    expect(first.json()).toEqual(expected);
    expect(again.json()).toEqual(expected);
    return String(first.headers.etag);
  };

  it('answers what a fresh read does after every kind of change, each with a new ETag', async () => {
    const user = await register(ctx.app);
    let etag = '';
    /** After `change`, the (cached) list equals a fresh read, under a new ETag. */
    const after = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const now = await cachedEqualsFresh(user);
      expect(now, `${what}: the ETag changed`).not.toBe(etag);
      etag = now;
    };
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
      authed(ctx.app, user.token, method, url, body).then((res) => {
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
        return res;
      });
    const setRow = (id: string, values: Partial<typeof trades.$inferInsert>) =>
      ctx.database.db.update(trades).set(values).where(eq(trades.id, id));

    await after('empty journal', async () => undefined);
    let one = { id: '' };
    await after('create', async () => {
      one = await createTrade(ctx.app, user.token, LONG);
    });
    await after('edit', () =>
      call('PUT', `/api/trades/${one.id}`, { ...LONG, takeProfit: 125, notes: 'moved' }),
    );
    await after('partial exit', () =>
      call('POST', `/api/trades/${one.id}/exits`, { price: 110, quantity: 2 }),
    );
    await after('exit', () => call('POST', `/api/trades/${one.id}/exits`, { price: 112 }));
    await after('undo exit', () =>
      call('POST', `/api/trades/${one.id}/undo-exit`, { exitCount: 2 }),
    );
    await after('Target Hit', () =>
      call('PUT', `/api/trades/${one.id}/status`, { status: 'TARGET_HIT' }),
    );
    // As the excursions reader and the reconciler write: straight to the row, updated_at as it was.
    await after('MFE / MAE', () => setRow(one.id, { mfeR: '1.5', maeR: '-0.25' }));
    await after('verified by fills', () => setRow(one.id, { source: 'exchange' }));
    await after('unverified again', () => setRow(one.id, { source: 'journal' }));
    await after('hide', () => call('POST', `/api/trades/${one.id}/hide`));
    let two = { id: '' };
    await after('second trade', async () => {
      two = await createTrade(ctx.app, user.token, { ...LONG, pair: 'BTCUSDT' });
    });
    await after('placed on the exchange', () =>
      ctx.database.db.insert(tradeOrders).values({
        tradeId: two.id,
        userId: user.id,
        connectionId: randomUUID(),
        coin: 'BTC',
        entryCloid: '0x01',
        tpCloid: '0x02',
        slCloid: '0x03',
        entryOid: '11',
        leverage: 3,
        orderType: 'limit',
      }),
    );
    // The reconciler's writes when the entry fills.
    await after('live order filled', () =>
      ctx.database.db
        .update(tradeOrders)
        .set({ execution: 'open', entryFillPx: '100.5', entryFillSz: '9.95' })
        .where(eq(tradeOrders.tradeId, two.id)),
    );
    await after('import', () => call('POST', '/api/trades/import', { trades: [IMPORTED] }));
    await after('unplaced', () =>
      ctx.database.db.delete(tradeOrders).where(eq(tradeOrders.tradeId, two.id)),
    );
    await after('delete', () => call('DELETE', `/api/trades/${two.id}`));
    await after('clear history', () => call('POST', '/api/trades/clear-history'));
  });

  it('sees a row deleted and another written in the same transaction', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    const before = await cachedEqualsFresh(user);
    const [row] = await ctx.database.db.select().from(trades).where(eq(trades.id, trade.id));
    await ctx.database.db.transaction(async (tx) => {
      await tx.delete(trades).where(eq(trades.id, trade.id));
      await tx.insert(trades).values({ ...row!, id: randomUUID(), notes: 'the same, rewritten' });
    });
    expect(await cachedEqualsFresh(user)).not.toBe(before);
  });

  it('reads the list once while nothing changes, and once for requests at the same moment', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    let reads = 0;
    const answers = new TradeListAnswers(ctx.database.db, (userId, q) => {
      reads += 1;
      return new TradesRepository(q).listVisible(userId);
    });
    const request = { ifNoneMatch: undefined, acceptEncoding: 'gzip' };
    const answer = () => answers.answer(user.id, request, (list) => JSON.stringify(list));
    const first = await answer();
    const second = await answer();
    expect(reads).toBe(1);
    expect(second).toEqual(first);

    const note = (notes: string) =>
      ctx.database.db.update(trades).set({ notes }).where(eq(trades.id, trade.id));
    await note('changed');
    const third = await answer();
    expect(reads).toBe(2);
    expect(third.etag).not.toBe(first.etag);

    await note('changed again');
    const together = await Promise.all([answer(), answer(), answer()]);
    expect(reads).toBe(3);
    expect(new Set(together.map((a) => a.etag)).size).toBe(1);
  });

  it('answers 304 without a body to the current ETag, and the list again once it changed', async () => {
    const user = await register(ctx.app);
    await createTrade(ctx.app, user.token, LONG);
    const first = await list(user.token);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(etag).toContain(user.id);
    // Signed in: stored by no browser (plugins/auth.ts); the ETag serves clients that keep it.
    expect(first.headers['cache-control']).toBe('no-store');

    for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const again = await list(user.token, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    // Also with compression asked for: 304 stays empty.
    const gz = await list(user.token, { 'if-none-match': etag, 'accept-encoding': 'gzip, br' });
    expect(gz.statusCode).toBe(304);
    expect(gz.rawPayload.length).toBe(0);

    await createTrade(ctx.app, user.token, { ...LONG, pair: 'ETHUSDT' });
    const changed = await list(user.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toHaveLength(2);
    expect(changed.json()).toEqual(await fresh(user.id));
  });

  it("never gives one trader another's cached list, nor 304 to another's ETag", async () => {
    const alice = await register(ctx.app);
    const bob = await register(ctx.app);
    await createTrade(ctx.app, alice.token, LONG);
    const hers = await list(alice.token);
    expect(hers.json()).toHaveLength(1);

    const his = await list(bob.token, { 'if-none-match': String(hers.headers.etag) });
    expect(his.statusCode).toBe(200);
    expect(his.json()).toEqual([]);
    expect(his.headers.etag).not.toBe(hers.headers.etag);
    // Bob's trade does not show in Alice's list, cached or not.
    await createTrade(ctx.app, bob.token, { ...LONG, pair: 'BTCUSDT' });
    expect((await list(bob.token)).json()).toEqual(await fresh(bob.id));
    expect(await cachedEqualsFresh(alice)).toBe(hers.headers.etag);
  });

  it('sends the same list gzipped, as brotli or as it is, by Accept-Encoding', async () => {
    const user = await register(ctx.app);
    for (const pair of ['SOLUSDT', 'BTCUSDT', 'ETHUSDT']) {
      await createTrade(ctx.app, user.token, { ...LONG, pair, notes: 'x'.repeat(400) });
    }
    const plain = await list(user.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const expected = await fresh(user.id);
    expect(plain.json()).toEqual(expected);

    const cases: Array<[string, string | undefined]> = [
      ['gzip, deflate, br, zstd', 'gzip'],
      ['br', 'br'],
      ['gzip;q=0, br;q=0.5', 'br'],
      ['*', 'gzip'],
      ['identity', undefined],
      ['gzip;q=0, br;q=0', undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await list(user.token, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.etag).toBe(plain.headers.etag);
      const body =
        encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : encoding === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : res.rawPayload;
      expect(JSON.parse(body.toString('utf8'))).toEqual(expected);
    }
  });

  it('documents the 304 in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const responses = res.json().paths['/api/trades'].get.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '304']));
  });
});
