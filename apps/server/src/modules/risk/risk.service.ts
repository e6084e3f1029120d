import {
  applyRiskSettings,
  applyTradeOutcome,
  defaultRiskState,
  recordTradeOpened,
  requireOpenSession,
  resetRiskStats,
  riskStateForDay,
  sumUsd,
  touchGrass,
  type RiskSettingsRequest,
  type RiskState,
  type RiskUpdateRequest,
  type TradeOutcome,
} from '@tb/core';
import type { Db, Queryable } from '../../db/client.js';
import { unwrap } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { RiskRepository } from './risk.repository.js';

export interface RiskUser {
  id: string;
  /** The user's IANA zone now; a new one takes effect when the recorded trading day ends. */
  timeZone: string;
}

/** Risk management of a signed-in user; every rule is core's, applied in one transaction. */
export class RiskService {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** The state on today's trading day (in the user's time zone), created on first use. */
  async get(user: RiskUser): Promise<RiskState> {
    return this.db.transaction((tx) => this.load(tx, user));
  }

  /**
   * Reads and locks the user's state for a transaction, rolled over to the trading day of now
   * (core's riskStateForDay). A rolled state is stored at once, so the trading day is recorded
   * in the zone it began in and a later change of zone cannot move it. Other modules (trades)
   * call this inside their own transaction so a trade and its risk change commit together.
   */
  async load(tx: Queryable, user: RiskUser): Promise<RiskState> {
    const now = this.now().getTime();
    const repo = new RiskRepository(tx);
    let state = await repo.find(user.id, true);
    if (!state) {
      await repo.insertIfMissing(user.id, defaultRiskState(now));
      state = (await repo.find(user.id, true))!;
    }
    const current = riskStateForDay(state, now, user.timeZone);
    if (current !== state) await repo.save(user.id, current);
    return current;
  }

  /** Stores a state computed by a rule inside the caller's transaction. */
  save(tx: Queryable, user: RiskUser, state: RiskState): Promise<void> {
    return new RiskRepository(tx).save(user.id, state);
  }

  /**
   * Records today's trading day in the user's current zone before the zone changes (PUT
   * /api/users/time-zone), so the change takes effect only when this day ends and can never
   * empty today's counters.
   */
  async pinTradingDay(user: RiskUser): Promise<void> {
    await this.get(user);
  }

  /**
   * The session lock on its own (core's requireOpenSession), for live orders: 403
   * SESSION_ENDED with `reason` and `reopensAt` while the session is ended.
   */
  async ensureSessionOpen(user: RiskUser): Promise<void> {
    await this.db.transaction(async (tx) => {
      const state = await this.load(tx, user);
      unwrap(requireOpenSession(state, this.clock(user)));
    });
  }

  /** Applies a closed outcome (refused with SESSION_ENDED for a stoploss at 3) and stores it. */
  async applyOutcome(tx: Queryable, user: RiskUser, outcome: TradeOutcome): Promise<RiskState> {
    const current = await this.load(tx, user);
    const next = unwrap(applyTradeOutcome(current, outcome, this.clock(user)));
    await this.save(tx, user, next);
    return next;
  }

  /**
   * An off-plan trade (a round trip no plan explains, DESIGN.md section 11) closed today: one
   * of today's trades, and its outcome (a loss is a stoploss, toward the daily loss). One that
   * closed on an earlier trading day changes nothing of today's.
   */
  async applyOffPlan(
    tx: Queryable,
    user: RiskUser,
    outcome: TradeOutcome & { closedAt: number },
  ): Promise<RiskState> {
    const current = await this.load(tx, user);
    const day = current.tradingDay;
    if (day && outcome.closedAt < Date.parse(day.startsAt)) return current;
    const now = this.now().getTime();
    const counted = recordTradeOpened(current, now);
    const closed = unwrap(
      applyTradeOutcome(counted, { ...outcome, fromExchange: true }, this.clock(user)),
    );
    const daily = closed.dailyStats;
    const next = {
      ...closed,
      dailyStats: {
        ...daily,
        offPlanTrades: daily.offPlanTrades + 1,
        offPlanPnlUsd: sumUsd([daily.offPlanPnlUsd, outcome.pnlUsd]),
      },
    };
    await this.save(tx, user, next);
    return next;
  }

  /** POST /api/risk-management/update: `profitLoss` is the closed trade's P/L in USD. */
  update(user: RiskUser, outcome: RiskUpdateRequest) {
    return this.db.transaction((tx) =>
      this.applyOutcome(tx, user, { status: outcome.status, pnlUsd: outcome.profitLoss }),
    );
  }

  /** Sizes at once; a tighter limit at once, a looser one from the next trading day. */
  settings(user: RiskUser, settings: RiskSettingsRequest) {
    return this.change(user, (s, now) => applyRiskSettings(s, settings, now));
  }

  /** "Did you touch some grass? Yes": 409 COOLDOWN before the cooldown or a second time today. */
  resetStoplosses(user: RiskUser) {
    return this.change(user, (s) => unwrap(touchGrass(s, this.clock(user))));
  }

  resetStats(user: RiskUser) {
    return this.change(user, resetRiskStats);
  }

  /** When the rules read the clock and in which zone: the time of the call. */
  clock(user: RiskUser): { now: number; timeZone: string } {
    return { now: this.now().getTime(), timeZone: user.timeZone };
  }

  private change(user: RiskUser, rule: (state: RiskState, now: number) => RiskState) {
    return this.db.transaction(async (tx) => {
      const next = rule(await this.load(tx, user), this.now().getTime());
      await this.save(tx, user, next);
      return next;
    });
  }
}
