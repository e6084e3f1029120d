import { EXIT_UNDO_MS, exitUndoMessages } from '@tb/core';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { riskStates, trades } from '../../db/schema/index.js';
import { type Method, authed, createTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** $1,000 long at 100, stop 90, target 120: 10 units, 1R = $100. */
const LONG = { pair: 'SOLUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 };

describeEachDatabase('undo of a close by hand within 10 seconds (issue 26)', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const exit = (token: string, id: string, body: object) =>
    call(token, 'POST', `/api/trades/${id}/exits`, body);
  const hit = (token: string, id: string, status: 'TARGET_HIT' | 'STOPLOSS_HIT') =>
    call(token, 'PUT', `/api/trades/${id}/status`, { status });
  const undo = (token: string, id: string, exitCount: number) =>
    call(token, 'POST', `/api/trades/${id}/undo-exit`, { exitCount });
  const row = async (id: string) =>
    (await ctx.database.db.select().from(trades).where(eq(trades.id, id)))[0]!;
  /** The stored risk state, as the database holds it. */
  const riskRow = async (userId: string) =>
    (await ctx.database.db.select().from(riskStates).where(eq(riskStates.userId, userId)))[0]!;
  const risk = async (token: string) => (await call(token, 'GET', '/api/risk-management')).json();
  /** The columns an exit changes. */
  const closeColumns = async (id: string) => {
    const r = await row(id);
    return {
      status: r.status,
      exits: r.exits,
      exitPrice: r.exitPrice,
      rMultiple: r.rMultiple,
      pnlUsd: r.pnlUsd,
      profitLoss: r.profitLoss,
      closedAt: r.closedAt,
      updatedAt: r.updatedAt,
    };
  };
  const refused = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'CONFLICT', message } });
  };

  it('Stoploss Hit undone: the trade is OPEN again and the risk state is exactly as before', async () => {
    const user = await register(ctx.app);
    // History first: a loss (slTaken 1, streak -1, a daily loss), so the undo has figures to keep.
    const earlier = await createTrade(ctx.app, user.token, LONG);
    expect((await exit(user.token, earlier.id, { price: 95 })).statusCode).toBe(200);
    const trade = await createTrade(ctx.app, user.token, LONG);
    const tradeBefore = await closeColumns(trade.id);
    const riskBefore = await riskRow(user.id);
    const shownBefore = await risk(user.token);
    expect(shownBefore).toMatchObject({ slTaken: 1, tradeStreak: -1 });

    const closed = await hit(user.token, trade.id, 'STOPLOSS_HIT');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().stats).toMatchObject({ slTaken: 2, tradeStreak: -2 });
    // The stop loses the whole risk (a smaller size after a loss: the streak sizes it).
    expect(closed.json().stats.dailyStats.dailyLoss).toBeCloseTo(
      shownBefore.dailyStats.dailyLoss + trade.riskUsd,
      9,
    );
    const kept = (await row(trade.id)).undo!;
    expect(kept.exitCount).toBe(1);
    expect(Date.parse(kept.until) - Date.parse(closed.json().trade.closedAt)).toBe(EXIT_UNDO_MS);

    const res = await undo(user.token, trade.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trade).toMatchObject({
      id: trade.id,
      status: 'OPEN',
      exits: [],
      exitPrice: null,
      rMultiple: null,
      pnlUsd: null,
      profitLoss: null,
      closedAt: null,
    });
    expect(res.json().stats).toEqual(shownBefore);
    expect(await closeColumns(trade.id)).toEqual(tradeBefore);
    expect((await row(trade.id)).undo).toBeNull();
    expect(await riskRow(user.id)).toEqual(riskBefore);
    expect(await risk(user.token)).toEqual(shownBefore);

    // Once is all: the record is gone.
    refused(await undo(user.token, trade.id, 1), exitUndoMessages.nothing);
    // And the trade closes again as any OPEN trade, counted once.
    const again = await exit(user.token, trade.id, { price: 110 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().stats.slTaken).toBe(1);
    expect(again.json().stats.dailyStats).toMatchObject({ wins: 1, losses: 1 });
  });

  it('the third stoploss undone: the stoploss lock it set is lifted', async () => {
    const user = await register(ctx.app);
    for (let i = 0; i < 2; i += 1) {
      const trade = await createTrade(ctx.app, user.token, LONG);
      expect((await hit(user.token, trade.id, 'STOPLOSS_HIT')).statusCode).toBe(200);
    }
    const third = await createTrade(ctx.app, user.token, LONG);
    const ended = await hit(user.token, third.id, 'STOPLOSS_HIT');
    expect(ended.json().stats.slTaken).toBe(3);
    const reason = async () => (await call(user.token, 'POST', '/api/trades', LONG)).json().error;
    expect(await reason()).toMatchObject({ code: 'SESSION_ENDED', reason: 'STOPLOSSES' });

    const res = await undo(user.token, third.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stats).toMatchObject({ slTaken: 2, tradeStreak: -2 });
    // Still no fourth trade today, but for the day's trade count (3 opened), not the stoplosses.
    expect((await reason()).reason).not.toBe('STOPLOSSES');
  });

  it('a partial exit undone: its exit is taken back, nothing was counted, the rest can exit', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    const tradeBefore = await closeColumns(trade.id);
    const riskBefore = await riskRow(user.id);

    const part = await exit(user.token, trade.id, { price: 110, quantity: 4 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().trade.exits).toHaveLength(1);

    const res = await undo(user.token, trade.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trade).toMatchObject({ status: 'OPEN', exits: [] });
    expect(await closeColumns(trade.id)).toEqual(tradeBefore);
    expect(await riskRow(user.id)).toEqual(riskBefore);

    const all = await exit(user.token, trade.id, { price: 105 });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().trade.exits.map((e: { quantity: number }) => e.quantity)).toEqual([10]);
    expect(all.json().trade.pnlUsd).toBeCloseTo(50, 9);
  });

  it('only the latest exit: an earlier one named is refused, the latest one is undone alone', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    expect((await exit(user.token, trade.id, { price: 110, quantity: 4 })).statusCode).toBe(200);
    const second = await exit(user.token, trade.id, { price: 95 });
    expect(second.statusCode).toBe(200);
    expect(second.json().trade.status).toBe('TARGET_HIT');

    refused(await undo(user.token, trade.id, 1), exitUndoMessages.laterExit);
    const res = await undo(user.token, trade.id, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trade.status).toBe('OPEN');
    expect(res.json().trade.exits).toEqual([{ price: 110, quantity: 4, at: expect.any(String) }]);
    expect(res.json().stats.dailyStats).toMatchObject({ wins: 0, losses: 0 });
    // The first exit's record was replaced by the second's: nothing is left to undo.
    refused(await undo(user.token, trade.id, 1), exitUndoMessages.nothing);
  });

  it('after 10 seconds the undo is refused and the close stays', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    ctx.clock.set(Date.now());
    expect((await hit(user.token, trade.id, 'TARGET_HIT')).statusCode).toBe(200);
    ctx.clock.advance(EXIT_UNDO_MS + 1);
    refused(await undo(user.token, trade.id, 1), exitUndoMessages.expired);
    expect((await row(trade.id)).status).toBe('TARGET_HIT');
    expect((await risk(user.token)).tradeStreak).toBe(1);
  });

  it('at 10 seconds exactly it is still undone', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    ctx.clock.set(Date.now());
    expect((await hit(user.token, trade.id, 'TARGET_HIT')).statusCode).toBe(200);
    ctx.clock.advance(EXIT_UNDO_MS);
    expect((await undo(user.token, trade.id, 1)).statusCode).toBe(200);
  });

  it("another trader's trade and a bad id are not found; the owner's undo is untouched", async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const trade = await createTrade(ctx.app, owner.token, LONG);
    expect((await hit(owner.token, trade.id, 'STOPLOSS_HIT')).statusCode).toBe(200);

    const stolen = await undo(other.token, trade.id, 1);
    expect(stolen.statusCode).toBe(404);
    expect((await undo(owner.token, 'not-an-id', 1)).statusCode).toBe(404);
    const bad = await call(owner.token, 'POST', `/api/trades/${trade.id}/undo-exit`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Exit count is required');
    expect((await row(trade.id)).status).toBe('STOPLOSS_HIT');

    expect((await undo(owner.token, trade.id, 1)).statusCode).toBe(200);
  });

  it('refused once the risk state moved on: another trade opened or closed since', async () => {
    const user = await register(ctx.app);
    const first = await createTrade(ctx.app, user.token, LONG);
    expect((await hit(user.token, first.id, 'STOPLOSS_HIT')).statusCode).toBe(200);
    // Opening another trade counts it for today: the risk state is no longer the exit's.
    const second = await createTrade(ctx.app, user.token, LONG);
    refused(await undo(user.token, first.id, 1), exitUndoMessages.riskChanged);
    expect((await row(first.id)).status).toBe('STOPLOSS_HIT');
    expect((await risk(user.token)).slTaken).toBe(1);

    // Closing another trade since is refused the same way.
    expect((await hit(user.token, second.id, 'TARGET_HIT')).statusCode).toBe(200);
    const third = await createTrade(ctx.app, user.token, LONG);
    expect((await exit(user.token, third.id, { price: 101 })).statusCode).toBe(200);
    refused(await undo(user.token, second.id, 1), exitUndoMessages.riskChanged);
  });

  it('an edit or a hide since the exit leaves nothing to undo', async () => {
    const user = await register(ctx.app);
    const edited = await createTrade(ctx.app, user.token, LONG);
    expect((await exit(user.token, edited.id, { price: 110, quantity: 5 })).statusCode).toBe(200);
    const edit = await call(user.token, 'PUT', `/api/trades/${edited.id}`, {
      ...LONG,
      notes: 'moved on',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    refused(await undo(user.token, edited.id, 1), exitUndoMessages.nothing);
    expect((await row(edited.id)).exits).toHaveLength(1);

    const hidden = await createTrade(ctx.app, user.token, LONG);
    expect((await hit(user.token, hidden.id, 'TARGET_HIT')).statusCode).toBe(200);
    expect((await call(user.token, 'POST', `/api/trades/${hidden.id}/hide`)).statusCode).toBe(204);
    refused(await undo(user.token, hidden.id, 1), exitUndoMessages.nothing);
    expect((await row(hidden.id)).status).toBe('TARGET_HIT');
  });

  it('two undos sent at once: exactly one puts the trade back, the other is refused', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    const riskBefore = await riskRow(user.id);
    expect((await hit(user.token, trade.id, 'STOPLOSS_HIT')).statusCode).toBe(200);

    const answers = await Promise.all([
      undo(user.token, trade.id, 1),
      undo(user.token, trade.id, 1),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    refused(
      answers.find((r) => r.statusCode === 409)!,
      exitUndoMessages.nothing,
    );
    const stored = await row(trade.id);
    expect(stored).toMatchObject({ status: 'OPEN', exits: [], undo: null, closedAt: null });
    expect(await riskRow(user.id)).toEqual(riskBefore);
  });

  it('an undo racing a new exit: either order leaves the trade, its record and the risk state agreeing', async () => {
    const user = await register(ctx.app);
    const trade = await createTrade(ctx.app, user.token, LONG);
    expect((await exit(user.token, trade.id, { price: 110, quantity: 4 })).statusCode).toBe(200);

    const [undone, closed] = await Promise.all([
      undo(user.token, trade.id, 1),
      exit(user.token, trade.id, { price: 120 }),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    const stored = await row(trade.id);
    const stats = await risk(user.token);
    expect(stored.status).toBe('TARGET_HIT');
    // Counted once, with the result the stored trade has.
    expect(stats.dailyStats.wins).toBe(1);
    expect(stats.dailyStats.dailyProfit).toBeCloseTo(Number(stored.pnlUsd), 9);
    expect(stored.undo!.exitCount).toBe(stored.exits.length);
    if (undone.statusCode === 200) {
      // The undo went first: the exit then took all 10 units at 120.
      expect(stored.exits.map((e) => e.quantity)).toEqual([10]);
      expect(Number(stored.pnlUsd)).toBeCloseTo(200, 9);
    } else {
      // The exit went first: the undo named the partial exit, no longer the latest.
      refused(undone, exitUndoMessages.laterExit);
      expect(stored.exits.map((e) => e.price)).toEqual([110, 120]);
      expect(Number(stored.pnlUsd)).toBeCloseTo(160, 9);
    }
  });
});
