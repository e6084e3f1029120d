import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys, liveIntents, tradeOrders, trades } from '../../db/schema/index.js';
import { authed, login, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LIMIT, LONG, MARK, liveHelpers } from '../../test/live-trading.js';

interface FrontOrder {
  oid: number;
  cloid: string | null;
  isTrigger: boolean;
  reduceOnly: boolean;
  children: FrontOrder[];
}

/**
 * The rules that guard a trader's money on the live path (DESIGN.md section 11): one decision
 * at a time per trader, once per Idempotency-Key, nothing sent while the switch is off. Each
 * test reads back the stored rows and the paper exchange's own state.
 */
describeEachDatabase(
  'live actions: one at a time, once per key, only with the switch on',
  (ctx) => {
    const { call, pin, paperTrader, paperInfo, post } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const db = () => ctx.database.db;
    const openOrders = async (wallet: string) =>
      (await paperInfo({ type: 'frontendOpenOrders', user: wallet })) as FrontOrder[];
    const positions = async (wallet: string) =>
      (await paperInfo({ type: 'clearinghouseState', user: wallet })).assetPositions as {
        position: { coin: string; szi: string };
      }[];
    const rows = async (userId: string) => ({
      trades: await db().select().from(trades).where(eq(trades.userId, userId)),
      links: await db().select().from(tradeOrders).where(eq(tradeOrders.userId, userId)),
      intents: await db().select().from(liveIntents).where(eq(liveIntents.userId, userId)),
    });

    it('three placements at once with a limit of one: one trade, one bracket, two refusals', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const limit = await call(user.token, 'POST', '/api/risk-management/settings', {
        maxTradesPerDay: 1,
      });
      expect(limit.statusCode, limit.body).toBe(200);
      const answers = await Promise.all(
        [0, 1, 2].map(() => post(user.token, '/api/trades', { ...LONG, order: LIMIT })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 403, 403]);
      for (const refused of answers.filter((a) => a.statusCode === 403)) {
        expect(refused.json().error).toMatchObject({
          code: 'SESSION_ENDED',
          reason: 'DAILY_TRADES',
        });
      }
      const stored = await rows(user.id);
      expect(stored.trades).toHaveLength(1);
      expect(stored.links).toHaveLength(1);
      expect(stored.intents).toEqual([]);
      // On the exchange: exactly the one entry, with its take profit and stop.
      const open = await openOrders(user.wallet);
      expect(open).toHaveLength(1);
      expect(open[0]!.cloid).toBe(stored.links[0]!.entryCloid);
      expect(open[0]!.children).toHaveLength(2);
    });

    it('market placements at once with a limit of two: the position is the two plans, each with its stop', async () => {
      await pin(MARK);
      const user = await paperTrader();
      await call(user.token, 'POST', '/api/risk-management/settings', { maxTradesPerDay: 2 });
      const market = { ...LONG, entryPrice: MARK, order: { type: 'market', leverage: 3 } };
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() => post(user.token, '/api/trades', market)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 403, 403]);
      const stored = await rows(user.id);
      expect(stored.trades).toHaveLength(2);
      // 2 x 0.005 BTC: the plans, not four of them.
      expect((await positions(user.wallet)).map((p) => p.position.szi)).toEqual(['0.01']);
      const stops = (await openOrders(user.wallet)).filter((o) => o.isTrigger && o.reduceOnly);
      expect(stops.map((o) => o.cloid).sort()).toEqual(
        stored.links.flatMap((l) => [l.tpCloid, l.slCloid]).sort(),
      );
    });

    it('a retry with the same Idempotency-Key gets the first answer and places nothing more', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const key = randomUUID();
      const body = { ...LONG, order: LIMIT };
      const [first, second] = await Promise.all([
        post(user.token, '/api/trades', body, key),
        post(user.token, '/api/trades', body, key),
      ]);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toEqual(first.json());
      const third = await post(user.token, '/api/trades', body, key);
      expect(third.json()).toEqual(first.json());
      expect((await rows(user.id)).trades).toHaveLength(1);
      expect(await openOrders(user.wallet)).toHaveLength(1);
      const risk = (await call(user.token, 'GET', '/api/risk-management')).json();
      expect(risk.dailyStats.trades).toBe(1);

      // The same key with another body is refused, and changes nothing.
      const other = await post(user.token, '/api/trades', { ...body, sizeUsd: 400 }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await openOrders(user.wallet)).toHaveLength(1);

      // Another trader's identical key is theirs alone.
      const stranger = await paperTrader();
      const theirs = await post(stranger.token, '/api/trades', body, key);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().id).not.toBe(first.json().id);
    });

    it('a refusal is the answer to its key: the retry is refused the same way', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const key = randomUUID();
      const small = { ...LONG, sizeUsd: 5, order: LIMIT };
      const first = await post(user.token, '/api/trades', small, key);
      expect(first.statusCode).toBe(422);
      const again = await post(user.token, '/api/trades', small, key);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual(first.json());
      expect((await rows(user.id)).intents).toEqual([]);
    });

    it('journal trades take a key too: one row for two sends', async () => {
      await pin(MARK);
      const user = await register(ctx.app);
      const key = randomUUID();
      const a = await post(user.token, '/api/trades', LONG, key);
      const b = await post(user.token, '/api/trades', LONG, key);
      expect(a.statusCode).toBe(201);
      expect(b.json()).toEqual(a.json());
      expect((await rows(user.id)).trades).toHaveLength(1);
      const bad = await post(user.token, '/api/trades', LONG, 'spaces are not allowed');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('Idempotency-Key');
    });

    it('a close at market sent twice with its key closes once and answers the same', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const market = { ...LONG, entryPrice: MARK, order: { type: 'market', leverage: 3 } };
      const trade = (await post(user.token, '/api/trades', market)).json();
      const key = randomUUID();
      const url = `/api/trades/${trade.id}/close-market`;
      const first = await post(user.token, url, {}, key);
      expect(first.statusCode, first.body).toBe(200);
      const retry = await post(user.token, url, {}, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(first.json().trade).toMatchObject({ status: expect.not.stringMatching('OPEN') });
      expect(await positions(user.wallet)).toEqual([]);
      // A new key is a new action: the trade is closed now.
      const fresh = await post(user.token, url, {}, randomUUID());
      expect(fresh.statusCode).toBe(409);
    });

    it('refuses to place while the live-trading switch is off, and sends nothing', async () => {
      await pin(MARK);
      const user = await paperTrader();
      await call(user.token, 'PUT', '/api/users/settings', { liveTradingEnabled: false });
      const res = await post(user.token, '/api/trades', { ...LONG, order: LIMIT });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'LIVE_TRADING_OFF',
        message:
          'Live trading is off. Turn on "Live trading on the dashboard" on the trading page to send orders to the exchange.',
      });
      expect(await rows(user.id)).toEqual({ trades: [], links: [], intents: [] });
      expect(await openOrders(user.wallet)).toEqual([]);
      // A journal trade needs no switch.
      expect((await post(user.token, '/api/trades', LONG)).statusCode).toBe(201);
    });

    it('close at market after the take profit filled: 409, and the trade shows its real close', async () => {
      await pin(MARK);
      const user = await paperTrader();
      const market = {
        ...LONG,
        entryPrice: MARK,
        takeProfit: 104_000,
        order: { type: 'market', leverage: 3 },
      };
      const trade = (await post(user.token, '/api/trades', market)).json();
      // The take profit fills on the exchange; the journal has not read it yet.
      await pin(104_500);
      await paperInfo({ type: 'clearinghouseState', user: user.wallet });
      expect(await positions(user.wallet)).toEqual([]);
      const res = await post(user.token, `/api/trades/${trade.id}/close-market`, {});
      expect(res.statusCode).toBe(409);
      const got = (await call(user.token, 'GET', `/api/trades/${trade.id}`)).json();
      expect(got).toMatchObject({ status: 'TARGET_HIT', verified: true });
      expect((await rows(user.id)).intents).toEqual([]);
    });

    it('keys are kept per user and forgotten after 24 hours', async () => {
      const user = await register(ctx.app);
      const key = randomUUID();
      await post(user.token, '/api/trades', LONG, key);
      ctx.clock.advance(24 * 60 * 60_000 + 1_000);
      // The day's session token has run out too: sign in again.
      const token = await login(ctx.app, user);
      const later = await post(token, '/api/trades', LONG, key);
      expect(later.statusCode).toBe(201);
      expect((await rows(user.id)).trades).toHaveLength(2);
      const kept = await db()
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, user.id));
      expect(kept).toHaveLength(1);
      const other = await register(ctx.app);
      expect((await authed(ctx.app, other.token, 'GET', '/api/trades')).json()).toEqual([]);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
