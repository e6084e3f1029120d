import { resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Trading Bingo <no-reply@localhost>'),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z.stringbool().default(false),
    RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    appSecret: env.APP_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    trustProxy: env.TRUST_PROXY,
    rateLimitScale: env.RATE_LIMIT_SCALE,
  }));

export type Config = z.output<typeof ConfigSchema>;

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
