import type { ExchangeAccount } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { TradeOrdersRow } from '../../db/schema/index.js';

/**
 * A limit entry partly filled, then closed by its exits: what is left of the entry must not
 * open a position the journal no longer follows. Cancelled by cloid, best effort (an entry
 * already filled or gone is skipped, logged).
 */
export async function cancelRestOfEntries(
  account: ExchangeAccount,
  closed: readonly TradeOrdersRow[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const link of closed) {
    if (link.orderType !== 'limit') continue;
    await Promise.resolve()
      .then(() => account.cancelByCloids(link.coin, [link.entryCloid as `0x${string}`]))
      .catch((err: unknown) =>
        log.warn(
          { tradeId: link.tradeId, reason: err instanceof Error ? err.message : 'unknown' },
          'reconciler: could not cancel the rest of an entry',
        ),
      );
  }
}
