import type { EngineContext } from '../engine/context.js';
import { CANNOT_MODIFY, modifyOrders } from '../engine/modify.js';
import { scheduleCancel } from '../engine/schedule-cancel.js';
import { MAX_ORDERS_PER_ACTION } from '../limits.js';
import { refusalReason } from '../signing/canonical-more.js';
import type {
  BatchModifyAction,
  ModifyAction,
  MoreL1Action,
  ScheduleCancelAction,
} from '../signing/canonical-more.js';
import type { Ledger } from '../state.js';
import type { PaperReply } from '../types.js';
import { exchangeError, ok } from './reply.js';

/**
 * Runs the L1 actions of signing/canonical-more.ts on a verified, nonce-checked account:
 * order edits, the dead man's switch, and the refusals (answered `{status:"err"}` with the
 * reason; nothing moves).
 */
export function runMoreL1(ctx: EngineContext, ledger: Ledger, action: MoreL1Action): PaperReply {
  const reason = refusalReason(action);
  if (reason !== undefined) return exchangeError(reason);
  const known = action as ModifyAction | BatchModifyAction | ScheduleCancelAction;
  switch (known.type) {
    case 'batchModify': {
      if (known.modifies.length === 0) return exchangeError('Order batch is empty.');
      if (known.modifies.length > MAX_ORDERS_PER_ACTION) {
        return exchangeError(
          `Too many modifies in one action: ${known.modifies.length}. The paper exchange accepts at most ${MAX_ORDERS_PER_ACTION} per action; send them in several actions.`,
        );
      }
      const statuses = modifyOrders(ctx, ledger, known.modifies, known.a === true);
      return ok({ status: 'ok', response: { type: 'order', data: { statuses } } });
    }
    case 'modify': {
      // Hyperliquid answers a single edit with the default response, or an error for the whole.
      const modify = { oid: known.oid, order: known.order };
      const [status] = modifyOrders(ctx, ledger, [modify], known.a === true);
      if (typeof status === 'object' && 'error' in status) {
        return exchangeError(
          status.error === CANNOT_MODIFY
            ? CANNOT_MODIFY
            : `Error placing new order during modify: ${status.error}`,
        );
      }
      return ok({ status: 'ok', response: { type: 'default' } });
    }
    case 'scheduleCancel': {
      const error = scheduleCancel(ledger.account, known.time, ctx.nowMs);
      return error ? exchangeError(error) : ok({ status: 'ok', response: { type: 'default' } });
    }
  }
}
