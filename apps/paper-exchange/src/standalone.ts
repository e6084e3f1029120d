import Fastify from 'fastify';
import { paperExchangeRoutes } from './http.js';
import { PAPER_PRICES_MODES } from './market/source.js';
import type { MarketLog, PaperPricesMode } from './market/source.js';
import { openPaperExchange } from './paper-exchange.js';
import { MemoryWeightState } from './rate-limit/budget.js';
import type { PaperPricesOptions } from './types.js';
import { paperFeedRoutes } from './ws/routes.js';

/**
 * Runs the paper exchange alone on 127.0.0.1:$PORT (default 3200) with a memory store:
 * POST /info, /exchange, /faucet at the root, like Hyperliquid's base URL. Hyperliquid's per-IP
 * weights (1,200 a minute, in this process's memory) unless PAPER_RATE_LIMIT=false. Prices:
 * PAPER_PRICES and HYPERLIQUID_MAINNET_URL (pricesFromEnv).
 */
/**
 * PAPER_PRICES (auto, the default; mainnet; synthetic) and HYPERLIQUID_MAINNET_URL (default
 * https://api.hyperliquid.xyz), as the server reads them: with `auto` the market follows
 * mainnet while it answers and the seeded path otherwise (market/source.ts).
 */
function pricesFromEnv(log: MarketLog): PaperPricesOptions {
  const mode = process.env.PAPER_PRICES || 'auto';
  if (!(PAPER_PRICES_MODES as readonly string[]).includes(mode)) {
    throw new Error(`PAPER_PRICES must be one of ${PAPER_PRICES_MODES.join(', ')}, got ${mode}`);
  }
  const url = process.env.HYPERLIQUID_MAINNET_URL || 'https://api.hyperliquid.xyz';
  if (!/^https?:\/\//.test(url)) {
    throw new Error(`HYPERLIQUID_MAINNET_URL must be an http(s) URL, got ${url}`);
  }
  return { mode: mode as PaperPricesMode, url, log };
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3200);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a TCP port, got ${process.env.PORT}`);
  }
  const app = Fastify({ logger: { level: 'info' } });
  const exchange = await openPaperExchange({ prices: pricesFromEnv(app.log) });
  // One weight budget per IP for the HTTP requests and the socket's posts.
  const rateLimit =
    process.env.PAPER_RATE_LIMIT === 'false' ? false : { state: new MemoryWeightState() };
  await app.register(paperExchangeRoutes, { exchange, rateLimit });
  // GET /ws: Hyperliquid's WebSocket API (subscriptions, ping, posts) on the same exchange.
  await app.register(paperFeedRoutes, { exchange, log: app.log, rateLimit });
  await app.listen({ port, host: '127.0.0.1' });
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
