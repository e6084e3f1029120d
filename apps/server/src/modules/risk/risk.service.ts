import {
  applyRiskSettings,
  applyTradeOutcome,
  defaultRiskState,
  resetRiskStats,
  resetStoplossCounter,
  riskStateForDay,
  type RiskSettingsRequest,
  type RiskState,
  type RiskUpdateRequest,
} from '@tb/core';
import type { Db } from '../../db/client.js';
import { unwrap } from '../../lib/app-error.js';
import type { Queryable, RiskRepository } from './risk.repository.js';

export interface RiskUser {
  id: string;
  timeZone: string;
}

/** Risk management of a signed-in user; every rule is core's, applied in one transaction. */
export class RiskService {
  constructor(
    private readonly db: Db,
    private readonly repo: RiskRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The state on today's trading day (in the user's time zone), created on first use. */
  async get(user: RiskUser): Promise<RiskState> {
    return this.db.transaction((tx) => this.load(tx, user));
  }

  /**
   * Reads and locks the user's state for a transaction, rolled over to today. Other modules
   * (trades) call this inside their own transaction so a trade and its risk change commit together.
   */
  async load(tx: Queryable, user: RiskUser): Promise<RiskState> {
    const now = this.now().getTime();
    let state = await this.repo.find(tx, user.id, true);
    if (!state) {
      await this.repo.insertIfMissing(tx, user.id, defaultRiskState(now));
      state = (await this.repo.find(tx, user.id, true))!;
    }
    return riskStateForDay(state, now, user.timeZone);
  }

  /** Applies a closed outcome (refused with SESSION_ENDED for a stoploss at 3) and stores it. */
  async applyOutcome(
    tx: Queryable,
    user: RiskUser,
    outcome: RiskUpdateRequest,
  ): Promise<RiskState> {
    const current = await this.load(tx, user);
    const next = unwrap(
      applyTradeOutcome(current, outcome, { now: this.now().getTime(), timeZone: user.timeZone }),
    );
    await this.repo.save(tx, user.id, next);
    return next;
  }

  update(user: RiskUser, outcome: RiskUpdateRequest) {
    return this.db.transaction((tx) => this.applyOutcome(tx, user, outcome));
  }

  settings(user: RiskUser, settings: RiskSettingsRequest) {
    return this.change(user, (s, now) => applyRiskSettings(s, settings, now));
  }

  resetStoplosses(user: RiskUser) {
    return this.change(user, resetStoplossCounter);
  }

  resetStats(user: RiskUser) {
    return this.change(user, resetRiskStats);
  }

  private change(user: RiskUser, rule: (state: RiskState, now: number) => RiskState) {
    return this.db.transaction(async (tx) => {
      const next = rule(await this.load(tx, user), this.now().getTime());
      await this.repo.save(tx, user.id, next);
      return next;
    });
  }
}
