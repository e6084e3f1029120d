import type { FastifyInstance } from 'fastify';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { ModuleDeps } from '../module-deps.js';
import type { TradesService } from '../trades/trades.service.js';
import { exchangeAccountRoutes } from './exchange-account.routes.js';
import { exchangeMarketRoutes } from './exchange-market.routes.js';
import type { ExchangeNetworks } from './exchange-networks.js';
import { ExchangeService } from './exchange.service.js';

/** The exchange proxy: market data and the user's account; it reports orders as events. */
export async function registerExchange(
  api: FastifyInstance,
  { config, now, log }: ModuleDeps,
  uses: { keys: ApiKeysService; networks: ExchangeNetworks; trades: TradesService },
): Promise<ExchangeService> {
  const exchange = new ExchangeService({
    keys: uses.keys,
    networks: uses.networks,
    trades: uses.trades,
    marketNetwork: config.marketDataNetwork,
    log,
    now,
  });
  await api.register(exchangeMarketRoutes, { exchange, rateLimitScale: config.rateLimitScale });
  await api.register(exchangeAccountRoutes, { exchange });
  return exchange;
}
