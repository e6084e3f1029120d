import { expect, it } from 'vitest';
import { bearer, createTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * Issue 29 (finding 9): an entry of 5e-324 passed validation and overflowed a size to Infinity,
 * answering 500. Amounts below MIN_AMOUNT are refused at the edge, with the field named.
 */
describeEachDatabase('numbers too small to compute with', (ctx) => {
  const long = { pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };

  it('answer 400 naming the field, never 500, on saving and on editing a trade', async () => {
    const user = await register(ctx.app);
    const headers = bearer(user.token);
    for (const field of ['entryPrice', 'stopLoss', 'takeProfit']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/trades',
        headers,
        payload: { ...long, [field]: 5e-324 },
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    const saved = await createTrade(ctx.app, user.token, long);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/trades/${saved.id}`,
      headers,
      payload: { ...long, entryPrice: 5e-324 },
    });
    expect(edit.statusCode, edit.body).toBe(400);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/trades', headers });
    // The trade kept its price: the refused edit changed nothing.
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].entryPrice).toBe(100);
  });

  it('a board with fractional points opens and imports trades with that score, never a 500', async () => {
    // Points are any number from 0 to 100 (SPEC.md); the score column took whole numbers only,
    // so a ticked 0.5 made every new trade a 500 (found by fuzz-numbers).
    const user = await register(ctx.app);
    const headers = bearer(user.token);
    await ctx.app.inject({ method: 'GET', url: '/api/bingo/card', headers });
    for (const [index, points] of [
      [0, 0.5],
      [1, 1.25],
    ]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/bingo/card/cell/${index}`,
        headers,
        payload: { cell: { points, selected: true } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const saved = await createTrade(ctx.app, user.token, long);
    expect(saved).toMatchObject({ score: 1.75, tier: 1 });
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/trades/import',
      headers,
      payload: {
        trades: [
          {
            ...{ ...long, status: 'OPEN', date: new Date().toISOString(), sizeUsd: 500 },
            cells: [{ index: 0, title: 'Plan', points: 10.5 }],
          },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()[0]).toMatchObject({ score: 10.5, tier: 2 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/trades', headers });
    expect(
      list
        .json()
        .map((t: { score: number }) => t.score)
        .sort(),
    ).toEqual([1.75, 10.5]);
  });
});
