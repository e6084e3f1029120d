import {
  closedTripOf,
  closeFromFills,
  riskRewardRatio,
  roundTrips,
  symbolBase,
  tradeLevelsError,
  tradeMessages,
  type AttachFillsRequest,
  type ClosedTripFills,
  type ImportFillsRequest,
  type RiskState,
  type Trade,
  type FillsClosing,
  type UnjournaledTrip,
} from '@tb/core';
import type { Db, Queryable } from '../../db/client.js';
import { badRequest, conflict, notFound, unwrap } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import type { SyncConnection } from '../trades/trades-actions.js';
import { fundingOfSpan } from '../reconciler/fundings.js';
import { TradesRepository } from '../trades/trades.repository.js';
import { UnjournaledRepository } from './unjournaled.repository.js';

/** How far back the list reads fills at most (or from the connection's creation, if later). */
export const UNJOURNALED_DAYS = 30;
const DAY_MS = 86_400_000;

/** Refusals, in words a trader reads. */
export const unjournaledMessages = {
  fillsGone:
    'Some of these fills are no longer waiting: they were journaled or dismissed meanwhile. Refresh the list.',
  notOneTrip: 'These fills are not one closed trip: choose a trip whose position went back to 0.',
  offPlanCounts:
    'This trade counts: it was taken on your account outside the plan. Attach it to a plan or import it with its stop and target; it cannot be dismissed.',
  tradeNotFound: 'Trade not found',
  tradePlaced:
    'This trade was placed on the exchange: its own fills close it. Attach fills to a trade typed in the journal.',
  otherTrip: (trade: { pair: string; isLong: boolean }, trip: UnjournaledTrip) =>
    `This trip is a ${trip.isLong ? 'long' : 'short'} ${trip.coin}, the trade a ${trade.isLong ? 'long' : 'short'} ${trade.pair}: attach it to a trade of the same pair and side.`,
} as const;

/**
 * Positions on the exchange the journal does not know (DESIGN.md section 9): the reconciler
 * stores every fill of the connection; the ones no trade explains are shown as round trips
 * (core roundTrips) to attach to an open journal trade, import as a new verified trade, or
 * dismiss. A trade closed from them is verified and moves the risk state as any close.
 */
export class UnjournaledService {
  constructor(
    private readonly deps: {
      db: Db;
      now: Clock;
      keys: Pick<ApiKeysService, 'resolveControlled'>;
      risk: Pick<RiskService, 'applyOutcome' | 'load'>;
      sync?: SyncConnection;
    },
  ) {}

  #repo(q: Queryable = this.deps.db) {
    return new UnjournaledRepository(q);
  }

  /** The active connection's id (400 EXCHANGE_NOT_CONNECTED without one). */
  async #connection(userId: string): Promise<string> {
    return (await this.deps.keys.resolveControlled(userId)).id;
  }

  /**
   * GET /api/exchange/unjournaled: the active connection's fills are read first (from the
   * later of its creation and 30 days ago), then its unjournaled, undismissed fills are
   * grouped into round trips, oldest first.
   */
  async list(userId: string): Promise<{ trips: UnjournaledTrip[] }> {
    const connectionId = await this.#connection(userId);
    const created = await this.#repo().connectionCreatedAt(userId, connectionId);
    const monthAgo = this.deps.now().getTime() - UNJOURNALED_DAYS * DAY_MS;
    const since = Math.max(monthAgo, created?.getTime() ?? monthAgo);
    await this.deps.sync?.(userId, connectionId, { since });
    return { trips: roundTrips(await this.#repo().openFills(userId, connectionId)) };
  }

  /**
   * The named fills, locked, as one closed trip: unjournaled ones, or all those of one
   * off-plan trade (`offPlanTradeId`); 409 when some are taken, 400 if no trip.
   */
  async #trip(tx: Queryable, userId: string, connectionId: string, tids: readonly number[]) {
    const unique = [...new Set(tids)];
    const { fills, offPlanTradeId } = await this.#repo(tx).lockTripFills(
      userId,
      connectionId,
      unique,
    );
    if (fills.length !== unique.length) throw conflict('CONFLICT', unjournaledMessages.fillsGone);
    const trip = closedTripOf(fills);
    if (!trip) throw badRequest(unjournaledMessages.notOneTrip, 'tids');
    return { ...trip, offPlanTradeId };
  }

  /**
   * Moves the risk state as any close does. The outcome happened on the exchange
   * (`fromExchange`): a loss after the day's third stoploss is recorded too. An off-plan
   * trade already counted when it was journaled: it stays counted, once.
   */
  #applyOutcome(
    tx: Queryable,
    user: RiskUser,
    closing: FillsClosing,
    offPlanTradeId: string | null,
  ): Promise<RiskState> {
    if (offPlanTradeId !== null) return this.deps.risk.load(tx, user);
    const { status, pnlUsd, rMultiple } = closing;
    return this.deps.risk.applyOutcome(tx, user, {
      status,
      pnlUsd,
      rMultiple,
      fromExchange: true,
    });
  }

  /** The fills become the trade's: entries as 'entry', exits as 'close'. */
  async #assign(
    tx: Queryable,
    userId: string,
    connectionId: string,
    tradeId: string,
    trip: ClosedTripFills,
  ) {
    await this.#repo(tx).assign(
      userId,
      connectionId,
      tradeId,
      trip.entries.map((f) => f.tid),
      trip.exits.map((f) => f.tid),
    );
  }

  /** The funding a closed trip's position received while it was open (negative: paid). */
  #funding(
    tx: Queryable,
    connectionId: string,
    trip: { coin: string; openedAt: number; closedAt: number; size: number },
  ) {
    const span = { coin: trip.coin, fromMs: trip.openedAt, toMs: trip.closedAt, size: trip.size };
    return fundingOfSpan(tx, connectionId, span);
  }

  /**
   * POST /api/exchange/unjournaled/attach: a closed trip closes an OPEN journal trade of the
   * same pair and side that was not placed on the exchange (core closeFromFills: verified).
   */
  async attach(
    user: RiskUser,
    body: AttachFillsRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    const connectionId = await this.#connection(user.id);
    if (!isUuid(body.tradeId)) throw notFound(unjournaledMessages.tradeNotFound);
    return this.deps.db.transaction(async (tx) => {
      const existing = await new TradesRepository(tx).find(user.id, body.tradeId, true);
      if (!existing) throw notFound(unjournaledMessages.tradeNotFound);
      if (await this.#repo(tx).isPlaced(existing.id)) {
        throw conflict('CONFLICT', unjournaledMessages.tradePlaced);
      }
      const trip = await this.#trip(tx, user.id, connectionId, body.tids);
      const sameCoin = symbolBase(existing.pair)?.toUpperCase() === trip.trip.coin.toUpperCase();
      if (!sameCoin || existing.isLong !== trip.trip.isLong) {
        throw badRequest(unjournaledMessages.otherTrip(existing, trip.trip), 'tradeId');
      }
      const funding = await this.#funding(tx, connectionId, trip.trip);
      const closing = unwrap(
        closeFromFills(existing, trip.entries, trip.exits, undefined, funding),
      );
      const stats = await this.#applyOutcome(tx, user, closing, trip.offPlanTradeId);
      const trade = await this.#repo(tx).closeAttached(
        user.id,
        existing.id,
        closing,
        this.deps.now(),
      );
      if (!trade) throw notFound(unjournaledMessages.tradeNotFound);
      await this.#assign(tx, user.id, connectionId, trade.id, trip);
      if (trip.offPlanTradeId) await this.#repo(tx).deleteOffPlan(user.id, trip.offPlanTradeId);
      return { trade, stats };
    });
  }

  /**
   * POST /api/exchange/unjournaled/import: a closed trip becomes a new closed, verified trade
   * with the stop and target the trader states. It already happened: it is not one of
   * today's new trades and is allowed while the session is ended.
   */
  async import(
    user: RiskUser,
    body: ImportFillsRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    const connectionId = await this.#connection(user.id);
    return this.deps.db.transaction(async (tx) => {
      const trip = await this.#trip(tx, user.id, connectionId, body.tids);
      const { isLong, entryPrice: entry, pair } = trip.trip;
      const levels = { isLong, stopLoss: body.stopLoss, entry, target: body.takeProfit };
      const refused = tradeLevelsError(levels);
      if (refused) {
        const onStop =
          refused === tradeMessages.longEntryAboveStop ||
          refused === tradeMessages.shortEntryBelowStop;
        throw badRequest(refused, onStop ? 'stopLoss' : 'takeProfit');
      }
      const quantity = trip.trip.size;
      const open = {
        status: 'OPEN' as const,
        isLong,
        entryPrice: entry,
        stopLoss: body.stopLoss,
        takeProfit: body.takeProfit,
        quantity,
      };
      const funding = await this.#funding(tx, connectionId, trip.trip);
      const closing = unwrap(closeFromFills(open, trip.entries, trip.exits, undefined, funding));
      const trade = await this.#repo(tx).insertImported(
        user.id,
        {
          pair,
          isLong,
          stopLoss: body.stopLoss,
          takeProfit: body.takeProfit,
          riskRewardRatio: riskRewardRatio(levels) ?? 0,
          openedAt: new Date(trip.trip.openedAt),
          closedAt: new Date(trip.trip.closedAt),
          closing,
        },
        this.deps.now(),
      );
      const stats = await this.#applyOutcome(tx, user, closing, trip.offPlanTradeId);
      await this.#assign(tx, user.id, connectionId, trade.id, trip);
      if (trip.offPlanTradeId) await this.#repo(tx).deleteOffPlan(user.id, trip.offPlanTradeId);
      return { trade, stats };
    });
  }

  /** POST /api/exchange/unjournaled/dismiss: the fills leave the list (already journaled: 409). */
  async dismiss(userId: string, tids: readonly number[]): Promise<void> {
    const connectionId = await this.#connection(userId);
    const unique = [...new Set(tids)];
    const hidden = await this.deps.db.transaction(async (tx) => {
      const open = await this.#repo(tx).lockOpenFills(userId, connectionId, unique);
      if (open.length !== unique.length) {
        const offPlan = await this.#repo(tx).lockTripFills(userId, connectionId, unique);
        if (offPlan.offPlanTradeId !== null) {
          throw conflict('CONFLICT', unjournaledMessages.offPlanCounts);
        }
        throw conflict('CONFLICT', unjournaledMessages.fillsGone);
      }
      return this.#repo(tx).dismiss(userId, connectionId, unique);
    });
    if (hidden !== unique.length) throw conflict('CONFLICT', unjournaledMessages.fillsGone);
  }
}
