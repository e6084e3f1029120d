import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { registerSecurityHeaders } from '../lib/security-headers.js';
import { sharedRateLimitStore } from '../lib/redis/rate-limit-store.js';
import type { SharedState } from '../lib/redis/shared-state.js';

/**
 * Strict Content-Security-Policy with only the third-party origins the app needs (TradingView's
 * embed) and the inline scripts of the built pages by their hashes (`inlineScripts`), and rate
 * limits that routes opt into with `config.rateLimit`, counted in the app's
 * shared state (Redis with REDIS_URL, memory without it or while Redis is down).
 */
export async function registerSecurity(
  app: FastifyInstance,
  limits: { state: SharedState; now: Clock },
  inlineScripts: readonly string[] = [],
) {
  // helmet's headers, built once (the plugin rebuilds them on every request).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, 'https://s3.tradingview.com'],
        frameSrc: ["'self'", 'https://*.tradingview.com', 'https://www.tradingview-widget.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The TradingView iframe is cross-origin and does not send CORP headers.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(limits.state, limits.now),
    // The shared state falls back to memory itself; should a count still fail, serve anyway.
    skipOnError: true,
  });
}
