import type { MarketPrice } from '@tb/core';
import type { Network } from '@tb/hyperliquid';
import type { ExchangeNetworks } from './exchange-networks.js';

/**
 * Longest a new journal trade waits for the market price of its pair. The mids come from the
 * shared market cache (1 s, one request in flight), so this is reached only when the exchange
 * is slow or down; the trade is then saved without the bound, as when the market is unknown.
 */
export const MARKET_PRICE_WAIT_MS = 1_000;

/**
 * The market price of a journal pair ('BTCUSDT', 'eth/usd'), or null when the server does not
 * know it: the market is that of MARKET_DATA_NETWORK when it is a Hyperliquid network (mainnet
 * or testnet); the paper exchange's prices are a simulation, not the market a trader's journal
 * records, so on paper there is no market price. Also null for a pair the exchange does not
 * list, and when the exchange fails or does not answer within `waitMs`.
 */
export async function marketPriceOf(
  networks: ExchangeNetworks,
  network: Network,
  pair: string,
  waitMs = MARKET_PRICE_WAIT_MS,
): Promise<MarketPrice | null> {
  if (network === 'paper') return null;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const lookup = networks
    .market(network)
    .price(pair)
    .then(
      ({ symbol, price }): MarketPrice => ({ symbol, price }),
      () => null,
    );
  try {
    return await Promise.race([lookup, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}
