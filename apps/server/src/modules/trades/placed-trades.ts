import type { OrderByCloid } from '@tb/hyperliquid';
import { tradeMessages, type Trade } from '@tb/core';
import type { Db, Queryable } from '../../db/client.js';
import type { LiveIntentRow, TradeOrdersRow } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { notConnected } from '../exchange/exchange-errors.js';
import { IdempotencyKeys, type StoredAnswer } from './idempotency.js';
import { orderUnconfirmed, type LiveDesk } from './live-desk.js';
import { LiveIntentsRepository } from './live-intents.repository.js';
import { toLive } from './trade-orders.repository.js';
import { TradeActionsRepository } from './trades-actions.repository.js';
import { tradeActionMessages, type SyncConnection } from './trade-action-messages.js';
import type { BracketPlacer } from './trades-live.js';
import { TradesRepository } from './trades.repository.js';

/** How often, and how far apart, a cancel tries to read fills another instance is reading. */
const SYNC_ATTEMPTS = 4;
const SYNC_RETRY_MS = 250;

const tradeNotFound = () => notFound('Trade not found');
export const closedTrade = () => new AppError(409, 'CONFLICT', tradeMessages.tradeClosed, 'status');

/** A placed trade and its orders' row, both the caller's. */
export interface Placed {
  trade: Trade;
  link: TradeOrdersRow;
}

/** Exit orders that stand (or already did their work). */
export const STANDING = new Set(['open', 'triggered', 'filled']);

/**
 * What every action on a placed trade stands on (DESIGN.md section 11): the trade and its
 * orders read for the owner, the connection's fills read through the reconciler, the exchange
 * asked by cloid, and the exit order's intent written ahead and settled with its
 * Idempotency-Key's answer.
 */
export class PlacedTrades {
  constructor(
    private readonly deps: {
      db: Db;
      desk: LiveDesk;
      bracket?: BracketPlacer | undefined;
      sync?: SyncConnection | undefined;
    },
  ) {}

  /** The trade and its orders; 404 for another user's or an unknown one, 409 when not placed. */
  async load(userId: string, id: string): Promise<Placed> {
    if (!isUuid(id)) throw tradeNotFound();
    const trade = await new TradesRepository(this.deps.db).find(userId, id);
    if (!trade) throw tradeNotFound();
    const link = await new TradeActionsRepository(this.deps.db).findLink(userId, id);
    if (!link) throw conflict('CONFLICT', tradeActionMessages.notPlaced);
    return { trade, link };
  }

  bracket(): BracketPlacer {
    if (!this.deps.bracket) throw notConnected();
    return this.deps.bracket;
  }

  intents() {
    return new LiveIntentsRepository(this.deps.db);
  }

  async sync(userId: string, connectionId: string): Promise<void> {
    await this.deps.sync?.(userId, connectionId);
  }

  /**
   * Reads the connection's fills, waiting a little while another instance holds its lease
   * (sync answers false): cancelling an entry must know whether it filled. 503 if it cannot.
   */
  async syncSure(userId: string, connectionId: string): Promise<void> {
    if (!this.deps.sync) return;
    for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt++) {
      if ((await this.deps.sync(userId, connectionId)) !== false) return;
      await new Promise((resolve) => setTimeout(resolve, SYNC_RETRY_MS));
    }
    throw new AppError(503, 'SERVICE_UNAVAILABLE', tradeActionMessages.syncBusy);
  }

  /** The trade as the API shows it, with its live state (through `q`: a commit under way). */
  async view(userId: string, id: string, q: Queryable = this.deps.db): Promise<Trade> {
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
  async settled(q: Queryable, intent: LiveIntentRow, answer: StoredAnswer): Promise<void> {
    await new LiveIntentsRepository(q).delete(intent.id);
    if (intent.idempotencyKey) {
      await new IdempotencyKeys(q).complete(intent.userId, intent.idempotencyKey, answer);
    }
  }

  /**
   * A placed trade with its fills read first, held on the exchange (execution open): what
   * moving the stop and closing at market need. 409 when resting or already closed.
   */
  async held(userId: string, id: string): Promise<Placed> {
    const before = await this.load(userId, id);
    await this.sync(userId, before.link.connectionId);
    const now = await this.load(userId, id);
    if (now.trade.status !== 'OPEN' || now.link.execution === 'closed') throw closedTrade();
    if (now.link.execution === 'resting') {
      throw conflict('CONFLICT', tradeActionMessages.entryNotFilled);
    }
    return now;
  }

  /** Units the exits close: the entry fills' size, else the size the bracket was sent with. */
  size({ trade, link }: Placed): number {
    const filled = link.entryFillSz === null ? NaN : Number(link.entryFillSz);
    return filled > 0 ? filled : trade.quantity;
  }

  /** What the exchange holds under one cloid; throws when it cannot be asked. */
  async order(intent: LiveIntentRow, cloid: string): Promise<OrderByCloid | null> {
    const found = await this.bracket().orders(intent.userId, intent.connectionId, [cloid]);
    return found.get(cloid) ?? null;
  }

  /**
   * The intent of an exit order, and its cloid among the trade's exits, in one commit: a fill
   * of the order closes the trade whatever happens after it is sent.
   */
  async writeAhead(
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
  async askAfterFailure(
    intent: LiveIntentRow,
    cloid: string,
    err: unknown,
    notConfirmed: string,
  ): Promise<OrderByCloid | null> {
    const definitive = err instanceof AppError && err.status < 500;
    let order: OrderByCloid | null;
    try {
      order = await this.order(intent, cloid);
    } catch {
      if (definitive) throw err;
      throw orderUnconfirmed(notConfirmed);
    }
    if (!order && !definitive && this.deps.desk.young(intent)) {
      throw orderUnconfirmed(notConfirmed);
    }
    if (!order || !STANDING.has(order.status)) await this.intents().delete(intent.id);
    return order;
  }
}
