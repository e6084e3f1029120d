import {
  canChangeTrade,
  canOpenTrade,
  profitLossOnClose,
  riskRewardRatio,
  sortTradesForDisplay,
  tradingDate,
  type CreateTradeRequest,
  type RiskState,
  type Trade,
  type TradeStatusRequest,
  type UpdateTradeRequest,
} from '@tb/core';
import type { Db } from '../../db/client.js';
import { AppError, notFound, unwrap } from '../../lib/app-error.js';
import type { Queryable } from '../risk/risk.repository.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import type { TradeInput, TradesRepository } from './trades.repository.js';
import { isUuid } from '../../lib/ids.js';

const DAY_MS = 86_400_000;
const tradeNotFound = () => notFound('Trade not found');
const checkId = (id: string) => {
  if (!isUuid(id)) throw tradeNotFound();
};
const closedTrade = () => new AppError(409, 'CONFLICT', 'A closed trade cannot be changed');

/** The trade journal; a trade and the risk change it causes commit in one transaction. */
export class TradesService {
  constructor(
    private readonly db: Db,
    private readonly repo: TradesRepository,
    private readonly risk: RiskService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(userId: string): Promise<Trade[]> {
    return sortTradesForDisplay(await this.repo.listVisible(this.db, userId));
  }

  /** Refused with 403 SESSION_ENDED while the session is ended (DESIGN.md discipline lock). */
  async create(user: RiskUser, body: CreateTradeRequest): Promise<Trade> {
    return this.db.transaction(async (tx) => {
      const now = await this.checkSessionOpen(tx, user);
      return this.repo.insert(tx, user.id, toInput(body, now));
    });
  }

  /**
   * The discipline lock on its own, for live orders through the exchange proxy (DESIGN.md):
   * 403 SESSION_ENDED with the same message as a refused trade.
   */
  async ensureSessionOpen(user: RiskUser): Promise<void> {
    await this.db.transaction((tx) => this.checkSessionOpen(tx, user));
  }

  /** Throws SESSION_ENDED after 3 stoplosses or at the daily trade limit; answers `now`. */
  private async checkSessionOpen(tx: Queryable, user: RiskUser): Promise<Date> {
    const risk = await this.risk.load(tx, user);
    const now = this.now();
    const today = tradingDate(now.getTime(), user.timeZone);
    const recent = await this.repo.createdSince(tx, user.id, new Date(now.getTime() - 2 * DAY_MS));
    const tradesOpenedToday = recent.filter(
      (d) => tradingDate(d.getTime(), user.timeZone) === today,
    ).length;
    unwrap(canOpenTrade(risk, { now: now.getTime(), timeZone: user.timeZone, tradesOpenedToday }));
    return now;
  }

  async update(
    user: RiskUser,
    id: string,
    body: UpdateTradeRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    checkId(id);
    return this.db.transaction(async (tx) => {
      const existing = await this.repo.find(tx, user.id, id, true);
      if (!existing) throw tradeNotFound();
      if (!canChangeTrade(existing.status)) throw closedTrade();
      const trade = await this.repo.update(tx, user.id, id, toInput(body, new Date(existing.date)));
      return { trade, stats: await this.risk.load(tx, user) };
    });
  }

  /** Target Hit or Stoploss Hit: P/L from the trade's own prices, risk state in the same commit. */
  async close(
    user: RiskUser,
    id: string,
    body: TradeStatusRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    checkId(id);
    return this.db.transaction(async (tx) => {
      const existing = await this.repo.find(tx, user.id, id, true);
      if (!existing) throw tradeNotFound();
      if (!canChangeTrade(existing.status)) throw closedTrade();
      const profitLoss = profitLossOnClose(existing, body.status);
      const stats = await this.risk.applyOutcome(tx, user, { status: body.status, profitLoss });
      const trade = await this.repo.close(tx, user.id, id, body.status, profitLoss, this.now());
      return { trade, stats };
    });
  }

  async remove(userId: string, id: string) {
    checkId(id);
    if (!(await this.repo.delete(this.db, userId, id))) throw tradeNotFound();
  }

  async clearHistory(userId: string): Promise<Trade[]> {
    await this.repo.hideClosed(this.db, userId);
    return this.list(userId);
  }
}

function toInput(body: CreateTradeRequest | UpdateTradeRequest, fallbackDate: Date): TradeInput {
  const rr = riskRewardRatio({
    isLong: body.isLong,
    stopLoss: body.stopLoss,
    entry: body.entryPrice,
    target: body.takeProfit,
  });
  return {
    pair: body.pair,
    isLong: body.isLong,
    entryPrice: body.entryPrice,
    stopLoss: body.stopLoss,
    takeProfit: body.takeProfit,
    riskRewardRatio: rr ?? 0,
    notes: body.notes,
    score: body.score ?? 0,
    date: body.date ?? fallbackDate.toISOString(),
  };
}
