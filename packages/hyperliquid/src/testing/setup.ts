import { HyperliquidExchange } from '../hyperliquid-exchange.js';
import { FakeTransport } from './fake-transport.js';

/** A paper-network exchange on a {@link FakeTransport} with a clock tests move by hand. */
export function setup() {
  const transport = new FakeTransport();
  let now = 1_700_000_000_000;
  const exchange = new HyperliquidExchange({ transport, network: 'paper', now: () => now });
  return { transport, exchange, market: exchange.market, tick: (ms: number) => (now += ms) };
}
