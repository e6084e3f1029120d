import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { trades, users } from '../../db/schema/index.js';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase, type TestContext } from '../../test/helper.js';

const LONG = { pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };

async function premiumTrader(ctx: TestContext) {
  const trader = await register(ctx.app);
  await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, trader.id));
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    authed(ctx.app, trader.token, method, url, body);
  const summary = async (query = '') => {
    const res = await call('GET', `/api/analytics${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().summary;
  };
  return { ...trader, call, summary };
}

/**
 * The server keeps the rows it read and reads again only the trades whose row changed: every
 * write, through the API or not, must show in the next answer.
 */
describeEachDatabase('analytics after the trades change', (ctx) => {
  it('shows every write of the API in the next answer: open, close, edit, delete, clear', async () => {
    const t = await premiumTrader(ctx);
    expect(await t.summary()).toMatchObject({ trades: 0, totalUsd: 0 });
    const first = (await t.call('POST', '/api/trades', { ...LONG, sizeUsd: 100 })).json();
    const second = (await t.call('POST', '/api/trades', { ...LONG, sizeUsd: 100 })).json();
    expect((await t.call('GET', '/api/analytics')).json().openTrades).toBe(2);

    await t.call('PUT', `/api/trades/${first.id}/status`, { status: 'TARGET_HIT' });
    expect(await t.summary()).toMatchObject({ trades: 1, wins: 1, totalR: 2, totalUsd: 20 });

    // An edit of the OPEN trade (a new pair) shows in the options at once.
    await t.call('PUT', `/api/trades/${second.id}`, { ...LONG, pair: 'SOLUSDT' });
    const options = (await t.call('GET', '/api/analytics')).json().options;
    expect(options.pairs).toEqual(['BTCUSDT', 'SOLUSDT']);

    await t.call('PUT', `/api/trades/${second.id}/status`, { status: 'STOPLOSS_HIT' });
    expect(await t.summary()).toMatchObject({ trades: 2, losses: 1, totalR: 1, totalUsd: 10 });

    // "Clear history" hides closed trades from the journal; analytics keeps counting them.
    await t.call('POST', '/api/trades/clear-history');
    expect(await t.summary()).toMatchObject({ trades: 2, totalUsd: 10 });

    expect((await t.call('DELETE', `/api/trades/${first.id}`)).statusCode).toBe(204);
    expect(await t.summary()).toMatchObject({ trades: 1, wins: 0, totalR: -1, totalUsd: -10 });
    const listed = (await t.call('GET', '/api/analytics/trades')).json();
    expect(listed.map((trade: { id: string }) => trade.id)).toEqual([second.id]);
  });

  it('shows a change written to the database by anything else (SQL, another instance)', async () => {
    const t = await premiumTrader(ctx);
    const opened = (await t.call('POST', '/api/trades', { ...LONG, sizeUsd: 100 })).json();
    await t.call('PUT', `/api/trades/${opened.id}/status`, { status: 'TARGET_HIT' });
    expect(await t.summary()).toMatchObject({ trades: 1, totalUsd: 20 });

    const db = ctx.database.db;
    await db
      .update(trades)
      .set({ pnlUsd: '55.5', source: 'exchange' })
      .where(eq(trades.id, opened.id));
    expect(await t.summary()).toMatchObject({ trades: 1, totalUsd: 55.5 });
    expect(await t.summary('?source=exchange')).toMatchObject({ trades: 1 });

    const [copy] = await db.select().from(trades).where(eq(trades.id, opened.id));
    const { id: _id, ...row } = copy!;
    await db.insert(trades).values({ ...row, pair: 'ETHUSDT', pnlUsd: '-10', rMultiple: '-1' });
    expect(await t.summary()).toMatchObject({ trades: 2, wins: 1, losses: 1, totalUsd: 45.5 });
    expect(await t.summary('?pair=ETHUSDT')).toMatchObject({ trades: 1, totalUsd: -10 });

    await db.delete(trades).where(eq(trades.userId, t.id));
    expect(await t.summary()).toMatchObject({ trades: 0, totalUsd: 0 });
  });

  it('reads text a trader typed back exactly, whatever characters it holds', async () => {
    const t = await premiumTrader(ctx);
    const opened = (await t.call('POST', '/api/trades', { ...LONG, sizeUsd: 100 })).json();
    await t.call('PUT', `/api/trades/${opened.id}/status`, { status: 'TARGET_HIT' });
    await t.summary();
    // Separators, line breaks, quotes, backslashes, JSON and emoji in every text column.
    const awkward = 'a\u001fb\nc\r\t"d"\\e,f:g {"x": [1]} 🚀 \u202e';
    const cells = [{ index: 7, title: awkward, points: 2 }];
    await ctx.database.db
      .update(trades)
      .set({ pair: `P${awkward}`, boardId: `id${awkward}`, boardName: awkward, cells })
      .where(eq(trades.id, opened.id));
    const body = (await t.call('GET', '/api/analytics')).json();
    expect(body.options).toEqual({
      pairs: [`P${awkward}`],
      boards: [{ id: `id${awkward}`, name: awkward }],
    });
    expect(body.byCell).toMatchObject([
      { boardId: `id${awkward}`, boardName: awkward, index: 7, title: awkward, tradesWith: 1 },
    ]);
    expect(body.byPair).toMatchObject([{ key: `P${awkward}`, trades: 1 }]);
    expect(body.summary).toMatchObject({ trades: 1, totalR: 2, totalUsd: 20 });
  });
});
