import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import {
  exchangeCredentials,
  exchangeCursors,
  exchangeFills,
  trades,
  users,
} from '../db/schema/index.js';
import { markDue } from '../modules/reconciler/price-watch.js';
import { authed, bearer, login, newUser, register, type Method } from './api.js';

/**
 * The live trading loop in route tests: paper traders, marks pinned with PAPER_CONTROL, and
 * brackets placed through POST /api/trades (DESIGN.md section 9).
 */

/** BTC's mark for a resting bracket: a long limit below it and a short limit above it rest. */
export const MARK = 100_000;
/** $500 long: limit at 99,000, stop 97,000, target 103,000 (2R). */
export const LONG = {
  pair: 'BTCUSDT',
  isLong: true,
  stopLoss: 97_000,
  entryPrice: 99_000,
  takeProfit: 103_000,
  sizeUsd: 500,
};
/** $500 short: limit at 101,000, stop 103,000, target 97,000 (2R). */
export const SHORT = {
  pair: 'BTCUSDT',
  isLong: false,
  stopLoss: 103_000,
  entryPrice: 101_000,
  takeProfit: 97_000,
  sizeUsd: 500,
};
export const LIMIT = { type: 'limit', leverage: 5 } as const;

/** A fill as the paper exchange answers userFills. */
export interface PaperFill {
  tid: number;
  oid: number;
  px: string;
  sz: string;
  fee: string;
  side: 'B' | 'A';
  time: number;
  cloid?: string;
}

export function liveHelpers(app: () => FastifyInstance, database: () => Database) {
  /** The admin who pins marks: made the first time one is pinned, whoever registered first. */
  let controller: { username: string; password: string; token: string } | undefined;
  async function controlToken() {
    if (!controller) {
      const made = await register(app(), newUser('marks'));
      await database().db.update(users).set({ isAdmin: true }).where(eq(users.id, made.id));
      controller = made;
    }
    return controller.token;
  }
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(app(), token, method, url, payload);
  const helpers = {
    call,
    /** A JSON POST of the user, with an `Idempotency-Key` when one is given. */
    post(token: string, url: string, body: unknown, key?: string) {
      return app().inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(key && { 'idempotency-key': key }),
        },
        payload: JSON.stringify(body ?? {}),
      });
    },
    /**
     * Pins BTC's mark on an app's paper exchange (pins live in each instance's memory), as an
     * admin: the control route asks for one (issue 29).
     */
    async pin(px: number, on: FastifyInstance = app()) {
      const send = async () =>
        on.inject({
          method: 'POST',
          url: '/paper/control/mark',
          headers: bearer(await controlToken()),
          payload: { coin: 'BTC', px },
        });
      let res = await send();
      // The test clock moved past the session's 24 hours: sign the admin in again.
      if (res.statusCode === 401) {
        controller = { ...controller!, token: await login(app(), controller!) };
        res = await send();
      }
      expect(res.statusCode, res.body).toBe(200);
    },
    /** A paper info request; any read of a user fires the triggers its mark crossed. */
    async paperInfo(payload: object) {
      return (await app().inject({ method: 'POST', url: '/paper/info', payload })).json();
    },
    /** A user with a one-click paper connection and live trading on, its id and wallet address. */
    async paperTrader() {
      const user = await register(app());
      const res = await call(user.token, 'POST', '/api/users/exchanges', {
        exchangeId: 'hyperliquid',
        network: 'paper',
      });
      expect(res.statusCode, res.body).toBe(201);
      // Live orders are refused while the user's switch is off (409 LIVE_TRADING_OFF).
      const on = await call(user.token, 'PUT', '/api/users/settings', { liveTradingEnabled: true });
      expect(on.statusCode, on.body).toBe(200);
      const [row] = await database()
        .db.select({ wallet: exchangeCredentials.walletAddress })
        .from(exchangeCredentials)
        .where(eq(exchangeCredentials.userId, user.id));
      return { ...user, connectionId: res.json().exchange.id as string, wallet: row!.wallet };
    },
    /** Places a bracket through POST /api/trades and answers the trade. */
    async place(token: string, trade: object, order: object = LIMIT) {
      const res = await call(token, 'POST', '/api/trades', { ...trade, order });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; live: { orders: Record<string, string> } };
    },
    /**
     * A long placed and walked through entry and target on the exchange, not yet reconciled:
     * the market went through its levels and back between two looks, so its connection is
     * marked due as the price watch marks it (pins are each process's own).
     */
    async filledLong() {
      await helpers.pin(MARK);
      const user = await helpers.paperTrader();
      const placed = await helpers.place(user.token, LONG);
      for (const px of [98_900, 103_500]) {
        await helpers.pin(px);
        await helpers.paperInfo({ type: 'frontendOpenOrders', user: user.wallet });
      }
      await helpers.pin(MARK);
      expect(await helpers.paperFills(user.wallet)).toHaveLength(2);
      await markDue(database().db, [user.connectionId], new Date());
      return { user, placed };
    },
    /** The user's fills on the paper exchange, oldest first. */
    async paperFills(wallet: string): Promise<PaperFill[]> {
      const fills = (await helpers.paperInfo({ type: 'userFills', user: wallet })) as PaperFill[];
      return [...fills].sort((a, b) => a.time - b.time || a.tid - b.tid);
    },
    async trade(token: string, id: string) {
      const res = await call(token, 'GET', `/api/trades/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async risk(token: string) {
      const res = await call(token, 'GET', '/api/risk-management');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    /** What the reconciler stored: the user's trade rows, fills and cursors. */
    async stored(userId: string) {
      const db = database().db;
      return {
        trades: await db.select().from(trades).where(eq(trades.userId, userId)),
        fills: await db.select().from(exchangeFills).where(eq(exchangeFills.userId, userId)),
        cursors: await db.select().from(exchangeCursors).where(eq(exchangeCursors.userId, userId)),
      };
    },
  };
  return helpers;
}

/** Volume-weighted price, total size and fees of paper fills. */
export function vwapOf(fills: readonly PaperFill[]) {
  const size = fills.reduce((s, f) => s + Number(f.sz), 0);
  const notional = fills.reduce((s, f) => s + Number(f.px) * Number(f.sz), 0);
  const fees = fills.reduce((s, f) => s + Number(f.fee), 0);
  return { price: notional / size, size, fees };
}
