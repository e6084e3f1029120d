import { moveStopError } from '@tb/core';
import type { LiveIntentRow, TradeOrdersRow } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import { newCloid } from '../../lib/ids.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import type { StoredAnswer } from './idempotency.js';
import type { LiveDesk, LiveRequest } from './live-desk.js';
import { closedTrade, PlacedTrades, STANDING } from './placed-trades.js';
import { tradeActionMessages, type SyncConnection } from './trade-action-messages.js';
import { TradeActionsRepository } from './trades-actions.repository.js';
import type { BracketPlacer } from './trades-live.js';
import { TradesRepository } from './trades.repository.js';

export { tradeActionMessages, type SyncConnection } from './trade-action-messages.js';

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
  readonly #placed: PlacedTrades;

  constructor(
    private readonly deps: {
      db: Db;
      risk: RiskService;
      desk: LiveDesk;
      bracket?: BracketPlacer | undefined;
      sync?: SyncConnection | undefined;
    },
  ) {
    this.#placed = new PlacedTrades(deps);
    deps.desk.onResolve('moveStop', (intent) => this.#resolveMove(intent));
    deps.desk.onResolve('closeMarket', (intent) => this.#resolveClose(intent));
    deps.desk.onResolve('cancelEntry', (intent) => this.#resolveCancel(intent));
  }

  /**
   * POST /api/trades/:id/cancel-entry: only while the entry rests. The entry is cancelled
   * first and the fills read: if it filled meanwhile, 409 and the take profit and stop stay
   * to protect the position; else they are cancelled too and the journal trade is deleted
   * (today's trade count keeps it).
   */
  cancelEntry(user: RiskUser, id: string, request: LiveRequest): Promise<StoredAnswer> {
    return this.deps.desk.run(user.id, request, async (key) => {
      const { trade, link } = await this.#placed.load(user.id, id);
      if (trade.status !== 'OPEN' || link.execution === 'closed') throw closedTrade();
      if (link.execution === 'open') throw conflict('CONFLICT', tradeActionMessages.entryFilled);
      const bracket = this.#placed.bracket();
      const intent = await this.#placed.intents().insert({
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
    await this.#placed.syncSure(userId, connectionId);
    const after = await new TradesRepository(this.deps.db).find(userId, tradeId);
    const link = await new TradeActionsRepository(this.deps.db).findLink(userId, tradeId);
    if (!after || !link || after.status !== 'OPEN' || link.execution !== 'resting') {
      await this.#placed.intents().delete(intent.id);
      if (answering) throw conflict('CONFLICT', tradeActionMessages.entryFilled);
      return;
    }
    await this.#placed
      .bracket()
      .cancelCloids(userId, connectionId, pair, [link.tpCloid, link.slCloid]);
    await this.deps.db.transaction(async (tx) => {
      await new TradesRepository(tx).delete(userId, tradeId);
      await this.#placed.settled(tx, intent, { status: 204, body: null });
    });
  }

  /** A cancel whose request is gone: finished when the entry is no longer resting unfilled. */
  async #resolveCancel(intent: LiveIntentRow): Promise<void> {
    const entry = await this.#placed.order(intent, intent.cloids.entry!);
    const trade = await new TradesRepository(this.deps.db).find(intent.userId, intent.tradeId);
    if (!trade || entry?.status === 'open') {
      // The cancel never reached the exchange: the trade stays as it is.
      if (entry?.status === 'open' || !this.deps.desk.young(intent)) {
        await this.#placed.intents().delete(intent.id);
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
      const placed = await this.#placed.held(user.id, id);
      const { trade, link } = placed;
      const bracket = this.#placed.bracket();
      const mark = await bracket.positionMark(user.id, link.connectionId, trade.pair);
      if (mark === null) throw conflict('CONFLICT', tradeActionMessages.noPosition(trade.pair));
      const refused = moveStopError(trade, stopLoss, mark);
      if (refused) throw badRequest(refused, 'stopLoss');
      const cloid = newCloid();
      const payload: MovePayload = {
        px: stopLoss,
        size: this.#placed.size(placed),
        oldOid: link.slOid,
        oldCloid: link.slCloid,
        pair: trade.pair,
      };
      const intent = await this.#placed.writeAhead(
        user.id,
        id,
        'moveStop',
        link,
        cloid,
        payload,
        key,
      );
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
        const order = await this.#placed.askAfterFailure(
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
        body: { trade: await this.#placed.view(intent.userId, intent.tradeId, tx) },
      };
      await this.#placed.settled(tx, intent, moved);
      return moved;
    });
    // The new stop is in place and recorded: an old one left behind (cancel failed) is a
    // reduce-only order farther away whose fill still closes this trade (other exits).
    await this.#placed
      .bracket()
      .cancelCloids(intent.userId, intent.connectionId, payload.pair, [payload.oldCloid])
      .catch(() => undefined);
    return answer;
  }

  /** A stop move whose request is gone: finished when the exchange holds the new stop. */
  async #resolveMove(intent: LiveIntentRow): Promise<void> {
    const order = await this.#placed.order(intent, intent.cloids.exit!);
    if (order && STANDING.has(order.status)) {
      await this.#finishMove(intent, String(order.oid));
      return;
    }
    if (order || !this.deps.desk.young(intent)) await this.#placed.intents().delete(intent.id);
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
      const placed = await this.#placed.held(user.id, id);
      const { trade, link } = placed;
      const bracket = this.#placed.bracket();
      const cloid = newCloid();
      const intent = await this.#placed.writeAhead(
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
          size: this.#placed.size(placed),
          cloid,
        });
        if (order.oid !== null) {
          await new TradeActionsRepository(this.deps.db).addExitOid(user.id, id, order.oid);
        }
      } catch (err) {
        if (nothingToReduce(err)) {
          await this.#placed.intents().delete(intent.id);
          await this.#placed.sync(user.id, link.connectionId);
          throw conflict('CONFLICT', tradeActionMessages.alreadyClosed);
        }
        const order = await this.#placed.askAfterFailure(
          intent,
          cloid,
          err,
          tradeActionMessages.closeNotConfirmed,
        );
        // Only a close that filled makes the position flat: else its exits must stay.
        if (order?.status !== 'filled') {
          await this.#placed.intents().delete(intent.id);
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
    await this.#placed
      .bracket()
      .cancelCloids(intent.userId, intent.connectionId, pair, [link.tpCloid, link.slCloid])
      .catch(() => undefined);
    await this.#placed.sync(intent.userId, intent.connectionId);
    const stats = await this.deps.risk.get({ id: intent.userId, timeZone });
    return this.deps.db.transaction(async (tx) => {
      const closed = {
        status: 200,
        body: { trade: await this.#placed.view(intent.userId, intent.tradeId, tx), stats },
      };
      await this.#placed.settled(tx, intent, closed);
      return closed;
    });
  }

  /** A close whose request is gone: finished when it filled; else its exits stay. */
  async #resolveClose(intent: LiveIntentRow): Promise<void> {
    const order = await this.#placed.order(intent, intent.cloids.exit!);
    const link = await new TradeActionsRepository(this.deps.db).findLink(
      intent.userId,
      intent.tradeId,
    );
    // Only a close that filled makes the position flat: its exits may go then, not before.
    if (order?.status === 'filled' && link) {
      await this.#finishClose(intent, link);
      return;
    }
    if (order || !link || !this.deps.desk.young(intent))
      await this.#placed.intents().delete(intent.id);
  }
}
