import { moveStopError, tradeMessages, type RiskState, type Trade } from '@tb/core';
import type { Db } from '../../db/client.js';
import type { TradeOrdersRow } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
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

/**
 * What a trader does with a trade placed on the exchange (DESIGN.md section 9): cancel the
 * resting entry, move the stop toward profit, close the position at market. Every change on
 * the exchange is followed by a sync of the connection, so the journal shows what the fills
 * say; the close itself (verified, risk moved) is the reconciler's.
 */
export class TradeActions {
  constructor(
    private readonly deps: {
      db: Db;
      risk: RiskService;
      bracket?: BracketPlacer;
      sync?: SyncConnection;
    },
  ) {}

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

  /** The trade as the API shows it, with its live state. */
  async #view(userId: string, id: string): Promise<Trade> {
    const trade = await new TradesRepository(this.deps.db).find(userId, id);
    if (!trade) throw tradeNotFound();
    const link = await new TradeActionsRepository(this.deps.db).findLink(userId, id);
    return link ? { ...trade, live: toLive(link) } : trade;
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

  /**
   * POST /api/trades/:id/cancel-entry: only while the entry rests. The entry is cancelled
   * first and the fills read: if it filled meanwhile, 409 and the take profit and stop stay
   * to protect the position; else they are cancelled too and the journal trade is deleted
   * (today's trade count keeps it).
   */
  async cancelEntry(user: RiskUser, id: string): Promise<void> {
    const { trade, link } = await this.#load(user.id, id);
    if (trade.status !== 'OPEN' || link.execution === 'closed') throw closed();
    if (link.execution === 'open') throw conflict('CONFLICT', tradeActionMessages.entryFilled);
    const bracket = this.#bracket();
    await bracket.cancelCloids(user.id, link.connectionId, trade.pair, [link.entryCloid]);
    await this.#syncSure(user.id, link.connectionId);
    const after = await this.#load(user.id, id);
    if (after.trade.status !== 'OPEN' || after.link.execution !== 'resting') {
      throw conflict('CONFLICT', tradeActionMessages.entryFilled);
    }
    await bracket.cancelCloids(user.id, link.connectionId, trade.pair, [
      link.tpCloid,
      link.slCloid,
    ]);
    await new TradesRepository(this.deps.db).delete(user.id, id);
  }

  /**
   * POST /api/trades/:id/stop: a new reduce-only stop for the filled size at `stopLoss`, then
   * the old stop cancelled (its oid kept among the exits). Only toward profit, on the near
   * side of the mark (core moveStopError); R stays measured against the original stop.
   */
  async moveStop(user: RiskUser, id: string, stopLoss: number): Promise<{ trade: Trade }> {
    const placed = await this.#held(user.id, id);
    const { trade, link } = placed;
    const bracket = this.#bracket();
    const mark = await bracket.positionMark(user.id, link.connectionId, trade.pair);
    if (mark === null) throw conflict('CONFLICT', tradeActionMessages.noPosition(trade.pair));
    const refused = moveStopError(trade, stopLoss, mark);
    if (refused) throw badRequest(refused, 'stopLoss');
    const stop = await bracket.placeStop(user.id, link.connectionId, {
      pair: trade.pair,
      isLong: trade.isLong,
      size: this.#size(placed),
      triggerPx: stopLoss,
    });
    await new TradeActionsRepository(this.deps.db).replaceStop(user.id, id, {
      oid: stop.oid,
      cloid: stop.cloid!,
      px: stopLoss,
      oldOid: link.slOid,
    });
    // The new stop is in place and recorded: an old one left behind (cancel failed) is a
    // reduce-only order farther away whose fill still closes this trade (other exits).
    await bracket
      .cancelCloids(user.id, link.connectionId, trade.pair, [link.slCloid])
      .catch(() => undefined);
    return { trade: await this.#view(user.id, id) };
  }

  /**
   * POST /api/trades/:id/close-market: a reduce-only market order of the filled size (its
   * oid among the exits, so its fill closes the trade verified), then the take profit and
   * stop cancelled, then the fills read. Allowed while the session is ended (reduce-only).
   */
  async closeMarket(user: RiskUser, id: string): Promise<{ trade: Trade; stats: RiskState }> {
    const placed = await this.#held(user.id, id);
    const { trade, link } = placed;
    const bracket = this.#bracket();
    const exits = new TradeActionsRepository(this.deps.db);
    // Recorded before sending: a reconciler pass that reads the fill at once still knows it.
    const cloid = newCloid();
    await exits.addExitOid(user.id, id, cloid);
    const order = await bracket.closeMarket(user.id, link.connectionId, {
      pair: trade.pair,
      isLong: trade.isLong,
      size: this.#size(placed),
      cloid,
    });
    if (order.oid !== null) await exits.addExitOid(user.id, id, order.oid);
    // Flat now: what is left of the take profit and stop can only be cancelled by the
    // exchange (reduce-only), so a failure here does not undo the close.
    await bracket
      .cancelCloids(user.id, link.connectionId, trade.pair, [link.tpCloid, link.slCloid])
      .catch(() => undefined);
    await this.#sync(user.id, link.connectionId);
    return { trade: await this.#view(user.id, id), stats: await this.deps.risk.get(user) };
  }
}
