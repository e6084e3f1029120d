import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { trades } from '../../db/schema/index.js';
import { type Method, authed, createTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** $1,000 long at 100, stop 90, target 120: 10 units, 1R = $100. */
const LONG = { pair: 'SOLUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 };

describeEachDatabase('closing a manual trade by hand at typed prices (issue 26)', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const exit = (token: string, id: string, body: object) =>
    call(token, 'POST', `/api/trades/${id}/exits`, body);
  const row = async (id: string) =>
    (await ctx.database.db.select().from(trades).where(eq(trades.id, id)))[0]!;
  const risk = async (token: string) => (await call(token, 'GET', '/api/risk-management')).json();

  it('a partial exit then a final one: R and USD from the weighted exit, stored and counted once', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    expect(trade.quantity).toBeCloseTo(10, 9);

    const first = await exit(user.token, trade.id, { price: 110.5, quantity: 4 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().trade).toMatchObject({ status: 'OPEN', exitPrice: null, rMultiple: null });
    expect(first.json().trade.exits).toEqual([
      { price: 110.5, quantity: 4, at: expect.any(String) },
    ]);
    // Nothing is counted while part of the position is open.
    expect((await risk(user.token)).dailyStats).toMatchObject({ wins: 0, losses: 0 });

    const last = await exit(user.token, trade.id, { price: 96.25 });
    expect(last.statusCode, last.body).toBe(200);
    // By hand: 4 × 110.5 + 6 × 96.25 = 442 + 577.5 = 1019.5 over 10 units = 101.95;
    // +1.95 a unit × 10 = +$19.50; R = 1.95 / 10 = +0.195R.
    const stored = await row(trade.id);
    expect(stored.status).toBe('TARGET_HIT');
    expect(Number(stored.exitPrice)).toBeCloseTo(101.95, 9);
    expect(Number(stored.pnlUsd)).toBeCloseTo(19.5, 9);
    expect(Number(stored.rMultiple)).toBeCloseTo(0.195, 9);
    expect(stored.exits.map((e) => [e.price, e.quantity])).toEqual([
      [110.5, 4],
      [96.25, expect.closeTo(6, 9)],
    ]);
    expect(stored.closedAt).not.toBeNull();
    const stats = last.json().stats;
    expect(stats.dailyStats).toMatchObject({ wins: 1, losses: 0 });
    expect(stats.dailyStats.dailyProfit).toBeCloseTo(19.5, 9);
    expect(stats.tradeStreak).toBe(1);

    // Closed: no further exit.
    const again = await exit(user.token, trade.id, { price: 100 });
    expect(again.statusCode).toBe(409);
  });

  it('a loss short of the stop counts as a stoploss of its real size; break-even counts as neither', async () => {
    const user = await register(ctx.app);
    const losing = await createTrade(ctx.app, user.token, LONG);
    const res = await exit(user.token, losing.id, { price: 97 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trade).toMatchObject({ status: 'STOPLOSS_HIT', exitPrice: 97 });
    expect(res.json().trade.rMultiple).toBeCloseTo(-0.3, 9);
    expect(res.json().trade.pnlUsd).toBeCloseTo(-30, 9);
    expect(res.json().stats).toMatchObject({ slTaken: 1, tradeStreak: -1 });

    const even = await createTrade(ctx.app, user.token, LONG);
    const flat = await exit(user.token, even.id, { price: 100 });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().trade).toMatchObject({ rMultiple: 0, pnlUsd: 0 });
    expect(flat.json().stats).toMatchObject({ slTaken: 1, tradeStreak: -1 });
    expect(flat.json().stats.dailyStats).toMatchObject({ wins: 0, losses: 1 });
  });

  it('Target Hit after a partial exit closes the rest at the target: the result is the weighted whole', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    expect((await exit(user.token, trade.id, { price: 95, quantity: 5 })).statusCode).toBe(200);
    const res = await call(user.token, 'PUT', `/api/trades/${trade.id}/status`, {
      status: 'TARGET_HIT',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 5 at 95 and 5 at 120: 107.5, +$75, +0.75R.
    expect(res.json().trade.exitPrice).toBeCloseTo(107.5, 9);
    expect(res.json().trade.pnlUsd).toBeCloseTo(75, 9);
    expect(res.json().trade.rMultiple).toBeCloseTo(0.75, 9);
  });

  it('refuses bad input with a readable 400, more than is open, and another trader\u2019s trade, changing nothing', async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const trade = await createTrade(ctx.app, owner.token, LONG);
    const cases: Array<[object, string]> = [
      [{}, 'Exit price is required'],
      [{ price: 0 }, 'Exit price must be greater than 0'],
      [{ price: '100' }, 'Exit price must be a number'],
      [{ price: 100, quantity: -1 }, 'Exit size must be greater than 0'],
      [{ price: 100, quantity: 11 }, 'Exit size is more than is open: 10 left'],
    ];
    for (const [body, message] of cases) {
      const res = await exit(owner.token, trade.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const stolen = await exit(other.token, trade.id, { price: 130 });
    expect(stolen.statusCode).toBe(404);
    const stored = await row(trade.id);
    expect(stored).toMatchObject({ status: 'OPEN', exits: [], exitPrice: null });
  });

  it('two exits of the whole sent at once: one closes the trade, the other is refused', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    const answers = await Promise.all([
      exit(user.token, trade.id, { price: 110 }),
      exit(user.token, trade.id, { price: 105 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stored = await row(trade.id);
    expect(stored.exits).toHaveLength(1);
    expect((await risk(user.token)).dailyStats.wins).toBe(1);
  });
});
