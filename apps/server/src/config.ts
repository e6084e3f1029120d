import { resolve } from 'node:path';
import { PAPER_PRICES_MODES } from '@tb/paper-exchange';
import { z } from 'zod';
import { FAULT_POINTS } from './modules/trades/fault-points.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NETWORKS = ['mainnet', 'testnet', 'paper'] as const;
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * SIGNAL_TEST_ORIGINS: comma list of loopback origins ('http://127.0.0.1:4010') accepted as
 * webhook receivers besides Discord. Loopback only, so the setting cannot open a way to
 * request forgery against other hosts, even when set by mistake in production.
 */
const TestOriginsSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins = value
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    for (const origin of origins) {
      const match = /^https?:\/\/([^/:]+|\[::1\])(:\d{1,5})?$/i.exec(origin);
      if (!match || !LOOPBACK_HOSTS.includes(match[1]!.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          message: `${origin} is not a loopback origin like http://127.0.0.1:4010`,
        });
        return z.NEVER;
      }
    }
    return origins;
  });

/**
 * PAYMENT_LINK_*: the crypto payment page of one plan. https only, since the page sends people
 * there to pay; unset (or empty) means the plan has no link and /payment says so.
 */
const PaymentLinkSchema = z
  .url({ protocol: /^https$/, error: 'must be an https:// URL' })
  .optional();

/**
 * NOWPAYMENTS_API_URL: NOWPayments' API (https), or a fake provider on loopback (http allowed
 * there only: tests and demos).
 */
const ProviderUrlSchema = z
  .url({ error: 'must be a URL' })
  .refine(
    (url) => url.startsWith('https://') || isLoopbackUrl(url),
    'must be an https:// URL (http:// only on loopback)',
  )
  .transform((url) => url.replace(/\/+$/, ''))
  .default('https://api.nowpayments.io');

/** Every environment key the server reads, with its default (see .env.example). */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    /** Shares limits and throttles between several instances (DESIGN.md section 10). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
    /**
     * A Redis command not answered within this fails, and the instance counts Redis as down for
     * a second (memory then): short, so a frozen Redis never holds a request up.
     */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(500),
    /** Before every key and channel: several installations on one Redis keep apart. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'must be 1-40 letters, digits or _ . : -')
      .default('tb:'),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Trading Bingo <no-reply@localhost>'),
    /** Development only: use the outbox (links in the log) even where SMTP_URL is required. */
    MAIL_OUTBOX: z.stringbool().optional(),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z.stringbool().default(false),
    RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
    PAPER_EXCHANGE: z.stringbool().default(true),
    /** Tests and demos: POST /paper/control/mark pins a coin's mark price. */
    PAPER_CONTROL: z.stringbool().default(false),
    /** Hyperliquid's per-IP weights on /paper (1,200 a minute, times RATE_LIMIT_SCALE). */
    PAPER_RATE_LIMIT: z.stringbool().default(true),
    /**
     * The app's own calls to the paper exchange charged as Hyperliquid charges the server's IP
     * (and metered by the app like mainnet's): the live-capacity benchmark runs with it.
     */
    PAPER_APP_WEIGHTS: z.stringbool().default(false),
    /**
     * Where the paper market's prices come from (DESIGN.md section 12): auto follows
     * HYPERLIQUID_MAINNET_URL while it answers and the seeded path otherwise; mainnet and
     * synthetic force one. Default auto, but synthetic with NODE_ENV=test: no test calls out.
     */
    PAPER_PRICES: z.enum(PAPER_PRICES_MODES).optional(),
    HYPERLIQUID_MAINNET_URL: z.url({ protocol: /^https?$/ }).default('https://api.hyperliquid.xyz'),
    HYPERLIQUID_TESTNET_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://api.hyperliquid-testnet.xyz'),
    EXCHANGE_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
    /** PostgreSQL: connect, pool-wait and statement time-out (then 503 DATABASE_UNAVAILABLE). */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
    /** Longest a shutdown may take (SIGTERM to exit) whatever requests or the database do. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
    /** How long a leaderboard ranking is served from memory (0: query every time). */
    LEADERBOARD_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    /** How often the reconciler reads fills of connections with live trades (0: no loop). */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
    /**
     * The live loop's fast path: a WebSocket per network (Hyperliquid's, /paper/ws) follows the
     * fills of the first 10 accounts with live trades (DESIGN.md section 13).
     */
    LIVE_FILLS_SOCKET: z.stringbool().default(true),
    SIGNAL_TEST_ORIGINS: TestOriginsSchema,
    /** The reconciler's lease owner: stable across restarts (default: host name and port). */
    INSTANCE_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be 1-100 letters, digits or _ . : -')
      .optional(),
    /** Crash harness only: SIGKILL this process when a live action reaches this step. */
    TEST_CRASH_AT: z.enum(FAULT_POINTS).optional(),
    MARKET_DATA_NETWORK: z.enum(NETWORKS).optional(),
    PAYMENT_LINK_MONTHLY: PaymentLinkSchema,
    PAYMENT_LINK_QUARTERLY: PaymentLinkSchema,
    PAYMENT_LINK_ANNUAL: PaymentLinkSchema,
    /** NOWPayments (DESIGN.md section 14): both set, "Pay" creates invoices; else the links. */
    NOWPAYMENTS_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
    NOWPAYMENTS_IPN_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    NOWPAYMENTS_API_URL: ProviderUrlSchema,
  })
  .refine(
    (env) => (env.NOWPAYMENTS_API_KEY === undefined) === (env.NOWPAYMENTS_IPN_SECRET === undefined),
    {
      message:
        'is needed with NOWPAYMENTS_API_KEY (the IPNs cannot be checked without it), and the other way round',
      path: ['NOWPAYMENTS_IPN_SECRET'],
    },
  )
  .refine((env) => env.PAPER_EXCHANGE || env.MARKET_DATA_NETWORK !== 'paper', {
    message: 'is paper while PAPER_EXCHANGE is false',
    path: ['MARKET_DATA_NETWORK'],
  })
  .refine((env) => env.TEST_CRASH_AT === undefined || env.NODE_ENV !== 'production', {
    message: 'is a test hook: it is refused with NODE_ENV=production',
    path: ['TEST_CRASH_AT'],
  })
  .refine((env) => env.SMTP_URL !== undefined || outboxAllowed(env), {
    message:
      'is required in production with a public PUBLIC_URL: without it every reset link would be ' +
      'written to the log. Set SMTP_URL, or MAIL_OUTBOX=true on a development or demo installation',
    path: ['SMTP_URL'],
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    appSecret: env.APP_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    trustProxy: env.TRUST_PROXY,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    paperExchange: env.PAPER_EXCHANGE,
    paperControl: env.PAPER_CONTROL,
    paperRateLimit: env.PAPER_RATE_LIMIT,
    paperAppWeights: env.PAPER_APP_WEIGHTS,
    paperPrices: env.PAPER_PRICES ?? (env.NODE_ENV === 'test' ? 'synthetic' : 'auto'),
    hyperliquidUrls: {
      mainnet: env.HYPERLIQUID_MAINNET_URL.replace(/\/$/, ''),
      testnet: env.HYPERLIQUID_TESTNET_URL.replace(/\/$/, ''),
    },
    exchangeTimeoutMs: env.EXCHANGE_TIMEOUT_MS,
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    leaderboardCacheMs: env.LEADERBOARD_CACHE_MS,
    reconcileIntervalMs: env.RECONCILE_INTERVAL_MS,
    liveFillsSocket: env.LIVE_FILLS_SOCKET,
    signalTestOrigins: env.SIGNAL_TEST_ORIGINS,
    instanceId: env.INSTANCE_ID,
    testCrashAt: env.TEST_CRASH_AT,
    /** Market data of signed-out callers: the paper exchange unless it is turned off. */
    marketDataNetwork: env.MARKET_DATA_NETWORK ?? (env.PAPER_EXCHANGE ? 'paper' : 'mainnet'),
    /** Crypto payment link per plan on sale; null when the installation has none. */
    paymentLinks: {
      monthly: env.PAYMENT_LINK_MONTHLY ?? null,
      quarterly: env.PAYMENT_LINK_QUARTERLY ?? null,
      annual: env.PAYMENT_LINK_ANNUAL ?? null,
    },
    /** NOWPayments' checkout, or null when its keys are not set (the links remain). */
    nowPayments:
      env.NOWPAYMENTS_API_KEY && env.NOWPAYMENTS_IPN_SECRET
        ? {
            apiKey: env.NOWPAYMENTS_API_KEY,
            ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
            apiUrl: env.NOWPAYMENTS_API_URL,
          }
        : null,
  }));

export type Config = z.output<typeof ConfigSchema>;

/**
 * Whether mail may go to the development outbox (which logs every link) when SMTP_URL is unset:
 * MAIL_OUTBOX when set; otherwise everywhere but production with a PUBLIC_URL other people can
 * reach. A bare `npm start` (production, PUBLIC_URL unset or loopback) keeps the outbox so every
 * flow works on one machine; a deployment, which sets its public address, must send real mail.
 */
function outboxAllowed(env: {
  NODE_ENV: string;
  PUBLIC_URL?: string | undefined;
  MAIL_OUTBOX?: boolean | undefined;
}): boolean {
  if (env.MAIL_OUTBOX !== undefined) return env.MAIL_OUTBOX;
  return env.NODE_ENV !== 'production' || !env.PUBLIC_URL || isLoopbackUrl(env.PUBLIC_URL);
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Parses the environment; reports every bad key at once. */
export function parseConfig(
  env: Record<string, string | undefined>,
): { ok: true; config: Config } | { ok: false; errors: string[] } {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = ConfigSchema.safeParse(blankless);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`),
  };
}
