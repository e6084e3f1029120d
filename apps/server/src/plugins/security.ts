import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Strict Content-Security-Policy with only the third-party origins the app needs (TradingView's
 * embed), and rate limits that routes opt into with `config.rateLimit`.
 */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://s3.tradingview.com'],
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
  await app.register(rateLimit, { global: false });
}
