import { moveStopError, tradeMessages, type Trade } from '@tb/core';
import type { OrderByCloid } from '@tb/hyperliquid';
import type { Db, Queryable } from '../../db/client.js';
import type { LiveIntentRow, TradeOrdersRow } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { IdempotencyKeys, type StoredAnswer } from './idempotency.js';
import { orderUnconfirmed, type LiveDesk, type LiveRequest } from './live-desk.js';
import { LiveIntentsRepository } from './live-intents.repository.js';
import { isUuid, newCloid } from '../../lib/ids.js';
import { notConnected } from '../exchange/exchange-errors.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import { toLive } from './trade-orders.repository.js';
import { TradeActionsRepository } from './trades-actions.repository.js';
import type { BracketPlacer } from './trades-live.js';
import { TradesRepository } from './trades.repository.js';

/**
 * Reads a connection's new fills now and applies them (the reconciler's `syncConnection`):
 * entry fills open the trade, exits close it verified. Injected by app.ts.
 */
export type SyncConnection = (
  userId: string,
  connectionId: string,
  opts?: { since?: number },
) => Promise<unknown>;

/** Refusals of the actions, in words a trader reads. */
export const tradeActionMessages = {
  notPlaced:
    'This trade was not placed on the exchange: it has no orders to cancel or change. Close it with Target Hit or Stoploss Hit.',
  entryFilled: 'The entry has already filled: close the position at market instead.',
  entryNotFilled:
    'The entry has not filled yet, so there is no position to change: cancel the entry instead.',
  syncBusy:
    "The entry was cancelled, but the exchange's fills could not be read just now to check it had not filled: please try again.",
  alreadyClosed:
    'This trade has already closed on the exchange (its take profit or stop filled first): it now shows the real close.',
  stopNotConfirmed: 'The exchange did not confirm the new stop.',
  closeNotConfirmed: 'The exchange did not confirm the close.',
  noPosition: (pair: string) =>
    `There is no open ${pair} position on the exchange for this trade: it may have just closed. Refresh to see its result.`,
} as const;

/** How often, and how far apart, a cancel tries to read fills another instance is reading. */
const SYNC_ATTEMPTS = 4;
const SYNC_RETRY_MS = 250;

const tradeNotFound = () => notFound('Trade not found');
const closed = () => new AppError(409, 'CONFLICT', tradeMessages.tradeClosed, 'status');

/** A placed trade and its orders' row, both the caller's. */
interface Placed {
  trade: Trade;
  link: TradeOrdersRow;
}

/** Whether an exchange refusal says the reduce-only order had nothing left to reduce. */
const nothingToReduce = (err: unknown) =>
  err instanceof AppError &&
  err.code === 'EXCHANGE_REJECTED' &&
  /reduce only order would increase position|reduce.?only/i.test(err.message);

/** What a stop move's intent records. */
interface MovePayload {
  px: number;
  size: number;
  oldOid: string | null;
  oldCloid: string;
  pair: string;
}

/** Exit orders that stand (or already did their work). */
const STANDING = new Set(['open', 'triggered', 'filled']);

/**
 * What a trader does with a trade placed on the exchange (DESIGN.md sections 9 and 11): cancel
 * the resting entry, move the stop toward profit, close the position at market. Each runs
 * under the trader's lock through the live desk (one at a time, once per Idempotency-Key), and
 * writes its intent (the new order's cloid among the trade's exits) before the exchange call,
 * so a crash at any step is resolved from the exchange's state. Every change is followed by a
 * sync of the connection, so the journal shows what the fills say; the close itself
 * (verified, risk moved) is the reconciler's.
 */
export class TradeActions {
  constructor(
    private readonly deps: {
      db: Db;
      risk: RiskService;
      desk: LiveDesk;
      bracket?: BracketPlacer | undefined;
      sync?: SyncConnection | undefined;
    },
  ) {
    deps.desk.onResolve('moveStop', (intent) => this.#resolveMove(intent));
    deps.desk.onResolve('closeMarket', (intent) => this.#resolveClose(intent));
    deps.desk.onResolve('cancelEntry', (intent) => this.#resolveCancel(intent));
  }

  /** The trade and its orders; 404 for another user's or an unknown one, 409 when not placed. */
  async #load(userId: string, id: string): Promise<Placed> {
    if (!isUuid(id)) throw tradeNotFound();
    const trade = await new TradesRepository(this.deps.db).find(userId, id);
    if (!trade) throw tradeNotFound();
    const link = await new TradeActionsRepository(this.deps.db).findLink(userId, id);
    if (!link) throw conflict('CONFLICT', tradeActionMessages.notPlaced);
    return { trade, link };
  }

  #bracket(): BracketPlacer {
    if (!this.deps.bracket) throw notConnected();
    return this.deps.bracket;
  }

  #intents() {
    return new LiveIntentsRepository(this.deps.db);
  }

  async #sync(userId: string, connectionId: string): Promise<void> {
    await this.deps.sync?.(userId, connectionId);
  }

  /**
   * Reads the connection's fills, waiting a little while another instance holds its lease
   * (sync answers false): cancelling an entry must know whether it filled. 503 if it cannot.
   */
  async #syncSure(userId: string, connectionId: string): Promise<void> {
    if (!this.deps.sync) return;
    for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt++) {
      if ((await this.deps.sync(userId, connectionId)) !== false) return;
      await new Promise((resolve) => setTimeout(resolve, SYNC_RETRY_MS));
    }
    throw new AppError(503, 'SERVICE_UNAVAILABLE', tradeActionMessages.syncBusy);
  }

  /** The trade as the API shows it, with its live state (through `q`: a commit under way). */
  async #view(userId: string, id: string, q: Queryable = this.deps.db): Promise<Trade> {
    const trade = await new TradesRepository(q).find(userId, id);
    if (!trade) throw tradeNotFound();
    const link = await new TradeActionsRepository(q).findLink(userId, id);
    return link ? { ...trade, live: toLive(link) } : trade;
  }

  /**
   * The action is done: its intent goes and its Idempotency-Key gets the answer, in the
   * caller's commit, so a retry after a crash at any later point replays it instead of acting
   * again.
   */
  async #settled(q: Queryable, intent: LiveIntentRow, answer: StoredAnswer): Promise<void> {
    await new LiveIntentsRepository(q).delete(intent.id);
    if (intent.idempotencyKey) {
      await new IdempotencyKeys(q).complete(intent.userId, intent.idempotencyKey, answer);
    }
  }

  /**
   * A placed trade with its fills read first, held on the exchange (execution open): what
   * moving the stop and closing at market need. 409 when resting or already closed.
   */
  async #held(userId: string, id: string): Promise<Placed> {
    const before = await this.#load(userId, id);
    await this.#sync(userId, before.link.connectionId);
    const now = await this.#load(userId, id);
    if (now.trade.status !== 'OPEN' || now.link.execution === 'closed') throw closed();
    if (now.link.execution === 'resting') {
      throw conflict('CONFLICT', tradeActionMessages.entryNotFilled);
    }
    return now;
  }

  /** Units the exits close: the entry fills' size, else the size the bracket was sent with. */
  #size({ trade, link }: Placed): number {
    const filled = link.entryFillSz === null ? NaN : Number(link.entryFillSz);
    return filled > 0 ? filled : trade.quantity;
  }

  /** What the exchange holds under one cloid; throws when it cannot be asked. */
  async #order(intent: LiveIntentRow, cloid: string): Promise<OrderByCloid | null> {
    const found = await this.#bracket().orders(intent.userId, intent.connectionId, [cloid]);
    return found.get(cloid) ?? null;
  }

  /**
   * POST /api/trades/:id/cancel-entry: only while the entry rests. The entry is cancelled
   * first and the fills read: if it filled meanwhile, 409 and the take profit and stop stay
   * to protect the position; else they are cancelled too and the journal trade is deleted
   * (today's trade count keeps it).
   */
  cancelEntry(user: RiskUser, id: string, request: LiveRequest): Promise<StoredAnswer> {
    return this.deps.desk.run(user.id, request, async (key) => {
      const { trade, link } = await this.#load(user.id, id);
      if (trade.status !== 'OPEN' || link.execution === 'closed') throw closed();
      if (link.execution === 'open') throw conflict('CONFLICT', tradeActionMessages.entryFilled);
      const bracket = this.#bracket();
      const intent = await this.#intents().insert({
        userId: user.id,
        kind: 'cancelEntry',
        tradeId: id,
        connectionId: link.connectionId,
        coin: link.coin,
        cloids: { entry: link.entryCloid },
        payload: {},
        idempotencyKey: key ?? null,
        createdAt: this.deps.desk.now(),
      });
      await this.deps.desk.fault('cancel:intent');
      await bracket.cancelCloids(user.id, link.connectionId, trade.pair, [link.entryCloid]);
      await this.deps.desk.fault('cancel:sent');
      await this.#finishCancel(intent, trade.pair, true);
      return { status: 204, body: null };
    });
  }

  /**
   * After the entry's cancel: the fills read; still resting (no fill), its exits cancelled and
   * the journal trade deleted with the intent; filled meanwhile, 409 (when answering) and the
   * trade kept with its exits.
   */
  async #finishCancel(intent: LiveIntentRow, pair: string, answering: boolean): Promise<void> {
    const { userId, connectionId, tradeId } = intent;
    await this.#syncSure(userId, connectionId);
    const after = await new TradesRepository(this.deps.db).find(userId, tradeId);
    const link = await new TradeActionsRepository(this.deps.db).findLink(userId, tradeId);
    if (!after || !link || after.status !== 'OPEN' || link.execution !== 'resting') {
      await this.#intents().delete(intent.id);
      if (answering) throw conflict('CONFLICT', tradeActionMessages.entryFilled);
      return;
    }
    await this.#bracket().cancelCloids(userId, connectionId, pair, [link.tpCloid, link.slCloid]);
    await this.deps.db.transaction(async (tx) => {
      await new TradesRepository(tx).delete(userId, tradeId);
      await this.#settled(tx, intent, { status: 204, body: null });
    });
  }

  /** A cancel whose request is gone: finished when the entry is no longer resting unfilled. */
  async #resolveCancel(intent: LiveIntentRow): Promise<void> {
    const entry = await this.#order(intent, intent.cloids.entry!);
    const trade = await new TradesRepository(this.deps.db).find(intent.userId, intent.tradeId);
    if (!trade || entry?.status === 'open') {
      // The cancel never reached the exchange: the trade stays as it is.
      if (entry?.status === 'open' || !this.deps.desk.young(intent)) {
        await this.#intents().delete(intent.id);
      }
      return;
    }
    await this.#finishCancel(intent, trade.pair, false);
  }

  /**
   * POST /api/trades/:id/stop: a new reduce-only stop for the filled size at `stopLoss`, then
   * the old stop cancelled (its oid kept among the exits). Only toward profit, on the near
   * side of the mark (core moveStopError); R stays measured against the original stop. The
   * new stop's cloid is among the trade's exits before it is sent.
   */
  moveStop(
    user: RiskUser,
    id: string,
    stopLoss: number,
    request: LiveRequest,
  ): Promise<StoredAnswer> {
    return this.deps.desk.run(user.id, request, async (key) => {
      const placed = await this.#held(user.id, id);
      const { trade, link } = placed;
      const bracket = this.#bracket();
      const mark = await bracket.positionMark(user.id, link.connectionId, trade.pair);
      if (mark === null) throw conflict('CONFLICT', tradeActionMessages.noPosition(trade.pair));
      const refused = moveStopError(trade, stopLoss, mark);
      if (refused) throw badRequest(refused, 'stopLoss');
      const cloid = newCloid();
      const payload: MovePayload = {
        px: stopLoss,
        size: this.#size(placed),
        oldOid: link.slOid,
        oldCloid: link.slCloid,
        pair: trade.pair,
      };
      const intent = await this.#writeAhead(user.id, id, 'moveStop', link, cloid, payload, key);
      await this.deps.desk.fault('stop:intent');
      let oid: string | null;
      try {
        const stop = await bracket.placeStop(user.id, link.connectionId, {
          pair: trade.pair,
          isLong: trade.isLong,
          size: payload.size,
          triggerPx: stopLoss,
          cloid,
        });
        oid = stop.oid;
      } catch (err) {
        const order = await this.#askAfterFailure(
          intent,
          cloid,
          err,
          tradeActionMessages.stopNotConfirmed,
        );
        if (!order || !STANDING.has(order.status)) throw err;
        oid = String(order.oid);
      }
      await this.deps.desk.fault('stop:sent');
      return this.#finishMove(intent, oid);
    });
  }

  /**
   * The intent of an exit order, and its cloid among the trade's exits, in one commit: a fill
   * of the order closes the trade whatever happens after it is sent.
   */
  async #writeAhead(
    userId: string,
    tradeId: string,
    kind: 'moveStop' | 'closeMarket',
    link: TradeOrdersRow,
    cloid: string,
    payload: object,
    key: string | undefined,
  ): Promise<LiveIntentRow> {
    return this.deps.db.transaction(async (tx) => {
      await new TradeActionsRepository(tx).addExitOid(userId, tradeId, cloid);
      return new LiveIntentsRepository(tx).insert({
        userId,
        kind,
        tradeId,
        connectionId: link.connectionId,
        coin: link.coin,
        cloids: { exit: cloid },
        payload,
        idempotencyKey: key ?? null,
        createdAt: this.deps.desk.now(),
      });
    });
  }

  /**
   * An exit order's call failed: the exchange is asked whether it took it. Answers the order
   * when it did; null when it did not (the intent dropped, unless a time-out may still arrive:
   * then 503 and the reconciler decides).
   */
  async #askAfterFailure(
    intent: LiveIntentRow,
    cloid: string,
    err: unknown,
    notConfirmed: string,
  ): Promise<OrderByCloid | null> {
    const definitive = err instanceof AppError && err.status < 500;
    let order: OrderByCloid | null;
    try {
      order = await this.#order(intent, cloid);
    } catch {
      if (definitive) throw err;
      throw orderUnconfirmed(notConfirmed);
    }
    if (!order && !definitive && this.deps.desk.young(intent)) {
      throw orderUnconfirmed(notConfirmed);
    }
    if (!order || !STANDING.has(order.status)) await this.#intents().delete(intent.id);
    return order;
  }

  /** The new stop stands: it becomes the trade's stop, the old one is cancelled. */
  async #finishMove(intent: LiveIntentRow, oid: string | null): Promise<StoredAnswer> {
    const payload = intent.payload as MovePayload;
    const answer = await this.deps.db.transaction(async (tx) => {
      await new TradeActionsRepository(tx).replaceStop(intent.userId, intent.tradeId, {
        oid,
        cloid: intent.cloids.exit!,
        px: payload.px,
        oldOid: payload.oldOid,
      });
      const moved = {
        status: 200,
        body: { trade: await this.#view(intent.userId, intent.tradeId, tx) },
      };
      await this.#settled(tx, intent, moved);
      return moved;
    });
    // The new stop is in place and recorded: an old one left behind (cancel failed) is a
    // reduce-only order farther away whose fill still closes this trade (other exits).
    await this.#bracket()
      .cancelCloids(intent.userId, intent.connectionId, payload.pair, [payload.oldCloid])
      .catch(() => undefined);
    return answer;
  }

  /** A stop move whose request is gone: finished when the exchange holds the new stop. */
  async #resolveMove(intent: LiveIntentRow): Promise<void> {
    const order = await this.#order(intent, intent.cloids.exit!);
    if (order && STANDING.has(order.status)) {
      await this.#finishMove(intent, String(order.oid));
      return;
    }
    if (order || !this.deps.desk.young(intent)) await this.#intents().delete(intent.id);
  }

  /**
   * POST /api/trades/:id/close-market: a reduce-only market order of the filled size (its
   * cloid among the exits before it is sent, so its fill closes the trade verified), then the
   * take profit and stop cancelled, then the fills read. Allowed while the session is ended
   * (reduce-only). A position the exchange already closed (the take profit or stop filled
   * first) answers 409, and the trade shows that real close.
   */
  closeMarket(user: RiskUser, id: string, request: LiveRequest): Promise<StoredAnswer> {
    return this.deps.desk.run(user.id, request, async (key) => {
      const placed = await this.#held(user.id, id);
      const { trade, link } = placed;
      const bracket = this.#bracket();
      const cloid = newCloid();
      const intent = await this.#writeAhead(
        user.id,
        id,
        'closeMarket',
        link,
        cloid,
        { pair: trade.pair, timeZone: user.timeZone },
        key,
      );
      await this.deps.desk.fault('close:intent');
      try {
        const order = await bracket.closeMarket(user.id, link.connectionId, {
          pair: trade.pair,
          isLong: trade.isLong,
          size: this.#size(placed),
          cloid,
        });
        if (order.oid !== null) {
          await new TradeActionsRepository(this.deps.db).addExitOid(user.id, id, order.oid);
        }
      } catch (err) {
        if (nothingToReduce(err)) {
          await this.#intents().delete(intent.id);
          await this.#sync(user.id, link.connectionId);
          throw conflict('CONFLICT', tradeActionMessages.alreadyClosed);
        }
        const order = await this.#askAfterFailure(
          intent,
          cloid,
          err,
          tradeActionMessages.closeNotConfirmed,
        );
        // Only a close that filled makes the position flat: else its exits must stay.
        if (order?.status !== 'filled') {
          await this.#intents().delete(intent.id);
          throw err;
        }
      }
      await this.deps.desk.fault('close:sent');
      return this.#finishClose(intent, link);
    });
  }

  /**
   * Flat now: what is left of the take profit and stop can only be cancelled by the exchange
   * (reduce-only), so a failure here does not undo the close; then the fills are read, and
   * the answer (the trade as the fills closed it, the risk state) settles the intent.
   */
  async #finishClose(
    intent: LiveIntentRow,
    link: Pick<TradeOrdersRow, 'tpCloid' | 'slCloid'>,
  ): Promise<StoredAnswer> {
    const { pair, timeZone } = intent.payload as { pair: string; timeZone: string };
    await this.#bracket()
      .cancelCloids(intent.userId, intent.connectionId, pair, [link.tpCloid, link.slCloid])
      .catch(() => undefined);
    await this.#sync(intent.userId, intent.connectionId);
    const stats = await this.deps.risk.get({ id: intent.userId, timeZone });
    return this.deps.db.transaction(async (tx) => {
      const closed = {
        status: 200,
        body: { trade: await this.#view(intent.userId, intent.tradeId, tx), stats },
      };
      await this.#settled(tx, intent, closed);
      return closed;
    });
  }

  /** A close whose request is gone: finished when it filled; else its exits stay. */
  async #resolveClose(intent: LiveIntentRow): Promise<void> {
    const order = await this.#order(intent, intent.cloids.exit!);
    const link = await new TradeActionsRepository(this.deps.db).findLink(
      intent.userId,
      intent.tradeId,
    );
    // Only a close that filled makes the position flat: its exits may go then, not before.
    if (order?.status === 'filled' && link) {
      await this.#finishClose(intent, link);
      return;
    }
    if (order || !link || !this.deps.desk.young(intent)) await this.#intents().delete(intent.id);
  }
}
