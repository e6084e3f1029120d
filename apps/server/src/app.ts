import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { EmailTokensRepository } from './modules/auth/email-tokens.repository.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { BingoRepository } from './modules/bingo/bingo.repository.js';
import { bingoRoutes } from './modules/bingo/bingo.routes.js';
import { BingoService } from './modules/bingo/bingo.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { RiskRepository } from './modules/risk/risk.repository.js';
import { riskRoutes } from './modules/risk/risk.routes.js';
import { RiskService } from './modules/risk/risk.service.js';
import { TradesRepository } from './modules/trades/trades.repository.js';
import { tradesRoutes } from './modules/trades/trades.routes.js';
import { TradesService } from './modules/trades/trades.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web.js';

export const VERSION = '0.1.0';

export interface AppDeps {
  database: Database;
  /** Signs tokens and seals secrets. */
  appSecret: string;
  /** Defaults to SMTP or the development outbox, from config. */
  mailer?: Mailer;
}

/** Logs never carry credentials, tokens or secrets. */
const REDACT = [
  'req.headers.authorization',
  'req.body.password',
  'req.body.apiSecret',
  'req.body.webhookUrl',
  '*.password',
  '*.token',
  '*.apiSecret',
];

/** Builds the app (plugins, then modules, then the web app); never listens. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Long path parameters reach the zod schemas, which answer them in the error shape.
    routerOptions: { maxParamLength: 2000 },
    frameworkErrors: (err, _req, reply) => {
      const res = reply as unknown as FastifyReply;
      void res
        .status(400)
        .send({ error: { code: 'BAD_REQUEST', message: `Bad request: ${err.message}` } });
    },
    // One line per request only when debugging: at 500 requests/s it would drown the log.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app);
  await registerOpenApi(app, VERSION);

  const { db } = deps.database;
  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db);
  const usersService = new UsersService(users);
  await app.register(authPlugin, { secret: deps.appSecret, sessions });

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  const auth = new AuthService({
    users,
    usersService,
    sessions,
    emailTokens: new EmailTokensRepository(db),
    mailer,
    publicUrl: config.publicUrl,
    signToken: (userId, sessionId) => app.signSessionToken(userId, sessionId),
    log: app.log,
  });

  const risk = new RiskService(db, new RiskRepository());
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database: deps.database, version: VERSION });
      await api.register(authRoutes, { auth, rateLimitScale: config.rateLimitScale });
      await api.register(usersRoutes, { users: usersService });
      await api.register(bingoRoutes, {
        bingo: new BingoService(new BingoRepository(db)),
        users: usersService,
      });
      await api.register(riskRoutes, { risk });
      await api.register(tradesRoutes, {
        trades: new TradesService(db, new TradesRepository(), risk),
      });
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  registerNotFoundHandler(app, await registerWebApp(app, webDist));
  return app;
}
