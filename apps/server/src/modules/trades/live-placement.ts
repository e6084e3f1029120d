import { randomUUID } from 'node:crypto';
import {
  recordTradeOpened,
  symbolBase,
  type CreateTradeRequest,
  type LiveOrderRequest,
  type OpenedTrade,
  type Trade,
} from '@tb/core';
import type { OrderByCloid } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { LiveIntentRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { newCloid } from '../../lib/ids.js';
import { notConnected } from '../exchange/exchange-errors.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import { IdempotencyKeys } from './idempotency.js';
import { orderUnconfirmed, type LiveDesk } from './live-desk.js';
import { LiveIntentsRepository } from './live-intents.repository.js';
import { openFromBody, type OpenInputs } from './open-from-body.js';
import { TradeOrdersRepository } from './trade-orders.repository.js';
import type { BracketCloids, BracketPlacer, PlacedLive } from './trades-live.js';
import { TradesRepository } from './trades.repository.js';

/** What a placement intent records: the journal trade it becomes once the exchange took it. */
interface PlacePayload {
  trade: OpenedTrade;
  board: { id: string; name: string };
  leverage: number;
  orderType: 'limit' | 'market';
  timeZone: string;
}

export const liveMessages = {
  liveTradingOff:
    'Live trading is off. Turn on "Live trading on the dashboard" on the trading page to send orders to the exchange.',
  recordLater:
    "Your order is on the exchange, but the journal could not record it just now. It is added to your journal by itself as soon as the database answers again: don't place it again.",
  notConfirmed: 'The exchange did not confirm whether it took your order.',
} as const;

export const liveTradingOff = () =>
  new AppError(409, 'LIVE_TRADING_OFF', liveMessages.liveTradingOff);

/** Order statuses of an exit that still protects (or already closed) the position. */
const STANDING = new Set(['open', 'triggered', 'filled']);

/** Units of an entry that filled: all of it, or what a partly filled one took. */
const filledOf = (order: OrderByCloid | null | undefined): number => {
  if (!order) return 0;
  if (order.status === 'filled') return order.origSize;
  return Math.max(0, order.origSize - order.size);
};

type Settled = { trade: Trade } | 'absent' | 'cancelled';

/**
 * Placing a journal trade on the exchange, write-ahead (DESIGN.md section 11): the intent (the
 * trade it will become and the client order ids it sends) is stored before the exchange call;
 * the trade, its link and the day's count are recorded in one commit once the exchange took
 * the bracket. Whatever stops in between (a crash, the database, the exchange) leaves the
 * intent, which is resolved by asking the exchange by cloid: adopted when placed (an entry
 * that filled gets its stop back if it lost it), dropped when not.
 */
export class LivePlacement {
  constructor(
    private readonly deps: {
      db: Db;
      risk: RiskService;
      desk: LiveDesk;
      log: FastifyBaseLogger;
      bracket?: BracketPlacer | undefined;
      /** The user's live-trading switch (users module), read at the time of the order. */
      liveTradingEnabled: (userId: string) => Promise<boolean>;
    },
  ) {
    deps.desk.onResolve('place', (intent) => this.resolve(intent));
  }

  #bracket(): BracketPlacer {
    if (!this.deps.bracket) throw notConnected();
    return this.deps.bracket;
  }

  /**
   * POST /api/trades with `order`, under the trader's lock: the journal's rules first (session,
   * size, levels; nothing sent if they refuse), the connection and the trader's live-trading
   * switch, then intent, exchange, record.
   */
  async place(
    user: RiskUser,
    body: CreateTradeRequest & { order: LiveOrderRequest },
    inputs: OpenInputs,
    idempotencyKey: string | undefined,
  ): Promise<Trade> {
    const bracket = this.#bracket();
    const { desk } = this.deps;
    const { board } = inputs;
    const risk = await this.deps.risk.get(user);
    const opened = openFromBody(body, risk, inputs, user.timeZone, desk.now());
    const connectionId = await bracket.activeConnection(user.id, body.connectionId);
    if (!(await this.deps.liveTradingEnabled(user.id))) throw liveTradingOff();
    const cloids: BracketCloids = {
      entry: newCloid(),
      takeProfit: newCloid(),
      stopLoss: newCloid(),
    };
    const payload: PlacePayload = {
      trade: opened.trade,
      board: { id: board.id, name: board.name },
      leverage: body.order.leverage,
      orderType: body.order.type,
      timeZone: user.timeZone,
    };
    const intent = await new LiveIntentsRepository(this.deps.db).insert({
      userId: user.id,
      kind: 'place',
      tradeId: randomUUID(),
      connectionId,
      coin: (symbolBase(body.pair) ?? body.pair).toUpperCase(),
      cloids: { ...cloids },
      payload,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: desk.now(),
    });
    await desk.fault('place:intent');
    let placed: PlacedLive;
    try {
      placed = await bracket.place(
        user.id,
        connectionId,
        {
          pair: body.pair,
          isLong: body.isLong,
          sizeUsd: opened.trade.sizeUsd,
          entryPrice: body.entryPrice,
          takeProfit: body.takeProfit,
          stopLoss: body.stopLoss,
          type: body.order.type,
          leverage: body.order.leverage,
        },
        cloids,
      );
    } catch (err) {
      return this.#afterFailure(intent, err);
    }
    await desk.fault('place:sent');
    let trade: Trade;
    try {
      trade = await this.#adopt(intent, placed.coin, placed.orders);
    } catch (err) {
      this.deps.log.error(
        { err, intentId: intent.id, userId: user.id },
        'placed on the exchange but not recorded; the intent is adopted later',
      );
      throw new AppError(503, 'SERVICE_UNAVAILABLE', liveMessages.recordLater);
    }
    await desk.fault('place:recorded');
    return trade;
  }

  /**
   * The exchange call failed: what did the exchange take? Asked by cloid. A placed bracket is
   * adopted (201: a filled order is never reported as failed); nothing placed answers the
   * exchange's own refusal, unless the call may still arrive (a time-out), which stays open.
   */
  async #afterFailure(intent: LiveIntentRow, err: unknown): Promise<Trade> {
    const definitive = err instanceof AppError && err.status < 500;
    let found: Map<string, OrderByCloid | null>;
    try {
      found = await this.#ask(intent);
    } catch {
      // Left for the reconciler, which asks again on its next pass.
      if (definitive) throw err;
      throw orderUnconfirmed(liveMessages.notConfirmed);
    }
    const settled = await this.#settle(intent, found);
    if (typeof settled === 'object') return settled.trade;
    if (settled === 'absent' && !definitive && this.deps.desk.young(intent)) {
      throw orderUnconfirmed(liveMessages.notConfirmed);
    }
    await new LiveIntentsRepository(this.deps.db).delete(intent.id);
    throw err;
  }

  /** What the exchange holds under each of the intent's client ids. */
  #ask(intent: LiveIntentRow): Promise<Map<string, OrderByCloid | null>> {
    return this.#bracket().orders(intent.userId, intent.connectionId, Object.values(intent.cloids));
  }

  /** The reconciler's resolution of a placement whose request is gone. */
  async resolve(intent: LiveIntentRow): Promise<void> {
    let found: Map<string, OrderByCloid | null>;
    try {
      found = await this.#ask(intent);
    } catch (err) {
      // A connection removed since: nothing can be asked or placed on it any more.
      if (err instanceof AppError && err.code === 'EXCHANGE_NOT_CONNECTED') {
        await new LiveIntentsRepository(this.deps.db).delete(intent.id);
        return;
      }
      throw err;
    }
    const settled = await this.#settle(intent, found);
    if (settled === 'absent' && this.deps.desk.young(intent)) return;
    if (typeof settled !== 'object') {
      await new LiveIntentsRepository(this.deps.db).delete(intent.id);
    }
  }

  /**
   * What the exchange holds decides: an entry resting or filled is the journal's trade
   * (adopted; a filled entry whose stop is gone gets a new one first); an entry that ended
   * unfilled, or exits without their entry, are cancelled; nothing at all is `absent`.
   */
  async #settle(intent: LiveIntentRow, found: Map<string, OrderByCloid | null>): Promise<Settled> {
    const cloids = intent.cloids as unknown as BracketCloids;
    const entry = found.get(cloids.entry) ?? null;
    const takeProfit = found.get(cloids.takeProfit) ?? null;
    const stopLoss = found.get(cloids.stopLoss) ?? null;
    if (!entry && !takeProfit && !stopLoss) return 'absent';
    const filled = filledOf(entry);
    const resting = entry?.status === 'open';
    if (!entry || (!resting && filled === 0)) {
      await this.#bracket()
        .cancelCloids(intent.userId, intent.connectionId, intent.coin, Object.values(cloids))
        .catch(() => undefined);
      return 'cancelled';
    }
    let stop = stopLoss;
    const exited = takeProfit?.status === 'filled' || stopLoss?.status === 'filled';
    if (filled > 0 && !exited && !(stopLoss && STANDING.has(stopLoss.status))) {
      stop = await this.#restoreStop(intent, filled);
    }
    const coin = entry.coin;
    const oid = (order: OrderByCloid | null) => (order ? String(order.oid) : null);
    const trade = await this.#adopt(intent, coin, {
      entry: oid(entry),
      takeProfit: oid(takeProfit),
      stopLoss: oid(stop),
    });
    return { trade };
  }

  /**
   * A filled entry without its stop: a new reduce-only stop at the plan's level, its cloid
   * written into the intent before it is sent. A refusal (the position already gone) leaves
   * the trade to its fills.
   */
  async #restoreStop(intent: LiveIntentRow, size: number): Promise<OrderByCloid | null> {
    const payload = intent.payload as PlacePayload;
    const cloid = newCloid();
    const cloids = { ...(intent.cloids as unknown as BracketCloids), stopLoss: cloid };
    await new LiveIntentsRepository(this.deps.db).setCloids(intent.id, { ...cloids });
    intent.cloids = { ...cloids };
    try {
      const stop = await this.#bracket().placeStop(intent.userId, intent.connectionId, {
        pair: payload.trade.pair,
        isLong: payload.trade.isLong,
        size,
        triggerPx: payload.trade.stopLoss,
        cloid,
      });
      this.deps.log.warn(
        { intentId: intent.id },
        'placed entry had lost its stop: stop placed again',
      );
      return stop.oid === null
        ? null
        : { oid: Number(stop.oid), coin: intent.coin, status: 'open', size, origSize: size };
    } catch (err) {
      if (err instanceof AppError && err.code === 'EXCHANGE_REJECTED') {
        this.deps.log.warn({ intentId: intent.id, reason: err.message }, 'stop not placed again');
        return null;
      }
      throw err;
    }
  }

  /**
   * Records the intent as the journal trade in one commit: the trade (its id chosen at intent
   * time), today's count, its orders' link, the intent gone, the Idempotency-Key answered. The
   * session is not checked again: the order is on the exchange, and the journal must know it.
   */
  async #adopt(
    intent: LiveIntentRow,
    coin: string,
    orders: { entry: string | null; takeProfit: string | null; stopLoss: string | null },
  ): Promise<Trade> {
    const payload = intent.payload as PlacePayload;
    const user = { id: intent.userId, timeZone: payload.timeZone };
    const cloids = intent.cloids as unknown as BracketCloids;
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.desk.now();
      if (!(await new LiveIntentsRepository(tx).delete(intent.id))) {
        const existing = await new TradesRepository(tx).find(user.id, intent.tradeId);
        if (!existing) throw new AppError(409, 'CONFLICT', 'This order was already resolved.');
        const live = await new TradeOrdersRepository(tx).find(user.id, intent.tradeId);
        return live ? { ...existing, live } : existing;
      }
      const risk = await this.deps.risk.load(tx, user);
      const trade = await new TradesRepository(tx).insert(
        user.id,
        payload.trade,
        now,
        payload.board,
        intent.tradeId,
      );
      await this.deps.risk.save(tx, user, recordTradeOpened(risk, now.getTime()));
      const live = await new TradeOrdersRepository(tx).insert(
        user.id,
        trade.id,
        {
          connectionId: intent.connectionId,
          coin,
          cloids,
          orders,
          leverage: payload.leverage,
          orderType: payload.orderType,
        },
        now,
      );
      const answer = { ...trade, live };
      if (intent.idempotencyKey) {
        await new IdempotencyKeys(tx).complete(user.id, intent.idempotencyKey, {
          status: 201,
          body: answer,
        });
      }
      return answer;
    });
  }
}
