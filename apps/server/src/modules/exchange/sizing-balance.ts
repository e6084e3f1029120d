import type { FastifyBaseLogger } from 'fastify';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { BalanceLookup } from '../trades/trades.service.js';
import type { ExchangeNetworks } from './exchange-networks.js';

/**
 * The trades module's BalanceLookup: while the user's live trading is on, the USDC value of
 * the connection the trader sees (the newest when none is named), read as the dashboard reads
 * it (GET /api/exchange/account, the transport's 10 s time-out). Null when live trading is
 * off, the connection is not the user's, or the read fails: the trade is then sized from the
 * stored sizes, as the dashboard does when it has no balance (SPEC.md section 9).
 */
export function sizingBalance(deps: {
  keys: Pick<ApiKeysService, 'resolve'>;
  networks: Pick<ExchangeNetworks, 'account'>;
  liveTradingEnabled: (userId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
}): BalanceLookup {
  return async (userId, connectionId) => {
    if (!(await deps.liveTradingEnabled(userId))) return null;
    const connection = await deps.keys.resolve(userId, connectionId).catch(() => null);
    if (!connection) return null;
    try {
      const account = deps.networks.account(connection.network, connection.credentials);
      const value = (await account.balance()).info.usdcValue;
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    } catch (err) {
      deps.log.warn(
        { connectionId: connection.id, reason: err instanceof Error ? err.message : 'unknown' },
        'balance for sizing not read; sized from the stored sizes',
      );
      return null;
    }
  };
}
