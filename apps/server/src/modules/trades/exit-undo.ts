import {
  checkExitUndo,
  EXIT_UNDO_MS,
  exitUndoMessages,
  sameJson,
  type RiskState,
  type Trade,
  type TradeExit,
  type UndoExitRequest,
} from '@tb/core';
import type { Queryable } from '../../db/client.js';
import { conflict, notFound, unwrap } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { RiskRepository } from '../risk/risk.repository.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import { ExitUndoRepository } from './exit-undo.repository.js';
import { TradeOrdersRepository } from './trade-orders.repository.js';

/**
 * "Undo" of a close by hand (issue 26), inside the caller's transaction. An exit keeps, in its
 * own commit, the trade's columns before it and the risk state before and after it; for
 * EXIT_UNDO_MS the trader may put both back (POST /api/trades/:id/undo-exit). Only the latest
 * exit (the next one replaces the record), and only while the risk state is still the one it
 * left: another trade opened or closed since means the undo would rewrite what came after.
 * An edit or a hide drops the record (TradesRepository); an exchange close makes the trade
 * verified, which is never undone. Every step runs under the trade's row lock, then the risk
 * state's, the order an exit takes them in.
 */
export class ExitUndo {
  constructor(
    private readonly tx: Queryable,
    private readonly risk: RiskService,
    private readonly now: Clock,
  ) {}

  /**
   * Reads what the exit about to run changes (the trade's row is locked by the caller) and
   * answers the step that keeps the record once the exit is stored: call it with the trade's
   * exits then (the last is this one; its time starts the window).
   */
  async before(
    user: RiskUser,
    tradeId: string,
  ): Promise<(exits: readonly TradeExit[]) => Promise<void>> {
    const repo = new ExitUndoRepository(this.tx);
    const trade = await repo.before(user.id, tradeId);
    const riskBefore = await this.risk.load(this.tx, user);
    return async (exits) => {
      const riskAfter = await this.risk.load(this.tx, user);
      const at = exits.at(-1)?.at;
      const from = at === undefined ? this.now().getTime() : Date.parse(at);
      const until = new Date(from + EXIT_UNDO_MS).toISOString();
      const exitCount = exits.length;
      await repo.keep(user.id, tradeId, { until, exitCount, trade, riskBefore, riskAfter });
    };
  }

  /**
   * Puts back the trade and the risk state as they were before the latest exit. 404 for a bad
   * id or another trader's trade; 409 CONFLICT, with why, when there is nothing to undo, the
   * window passed, a later exit was recorded, or the risk state moved since.
   */
  async undo(
    user: RiskUser,
    id: string,
    body: UndoExitRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    const repo = new ExitUndoRepository(this.tx);
    const locked = await repo.lock(user.id, id);
    if (!locked) throw notFound('Trade not found');
    const record = locked.undo;
    if (!record || locked.verified || locked.hidden) {
      throw conflict('CONFLICT', exitUndoMessages.nothing);
    }
    const current = await new RiskRepository(this.tx).find(user.id, true);
    unwrap(
      checkExitUndo({
        now: this.now().getTime(),
        until: Date.parse(record.until),
        recordedExits: record.exitCount,
        currentExits: locked.exitCount,
        askedExits: body.exitCount,
        riskUnchanged: sameJson(current, record.riskAfter),
      }),
    );
    const trade = await repo.restore(user.id, id, record.trade);
    await this.risk.save(this.tx, user, record.riskBefore);
    // Read through the rules: a trading day that ended since rolls the restored state over.
    const stats = await this.risk.load(this.tx, user);
    const live = await new TradeOrdersRepository(this.tx).find(user.id, id);
    return { trade: live ? { ...trade, live } : trade, stats };
  }
}
