import { fileURLToPath } from 'node:url';
import { openPaperExchange } from '@tb/paper-exchange';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { SecretBox } from './lib/secret-box.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { connectionsRoutes } from './modules/api-keys/connections.routes.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { AuditService } from './modules/audit/audit.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { EmailTokensRepository } from './modules/auth/email-tokens.repository.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { BingoRepository } from './modules/bingo/bingo.repository.js';
import { bingoRoutes } from './modules/bingo/bingo.routes.js';
import { BingoService } from './modules/bingo/bingo.service.js';
import { exchangeAccountRoutes } from './modules/exchange/exchange-account.routes.js';
import { exchangeMarketRoutes } from './modules/exchange/exchange-market.routes.js';
import { ExchangeNetworks } from './modules/exchange/exchange-networks.js';
import { ExchangeService } from './modules/exchange/exchange.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { RiskRepository } from './modules/risk/risk.repository.js';
import { PaperStateRepository } from './modules/paper/paper-state.repository.js';
import { paperRoutes } from './modules/paper/paper.routes.js';
import { paymentRoutes } from './modules/payment/payment.routes.js';
import { riskRoutes } from './modules/risk/risk.routes.js';
import { RiskService } from './modules/risk/risk.service.js';
import { SignalsRepository } from './modules/signals/signals.repository.js';
import { signalsRoutes } from './modules/signals/signals.routes.js';
import { SignalsService } from './modules/signals/signals.service.js';
import { fetchWebhookSender, type WebhookSender } from './modules/signals/webhook-sender.js';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import { TradesRepository } from './modules/trades/trades.repository.js';
import { tradesRoutes } from './modules/trades/trades.routes.js';
import { TradesService } from './modules/trades/trades.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { UsersAdminRepository } from './modules/users/users-admin.repository.js';
import { usersAdminRoutes } from './modules/users/users-admin.routes.js';
import { UsersAdminService } from './modules/users/users-admin.service.js';
import { LeaderboardRepository } from './modules/leaderboard/leaderboard.repository.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { LeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/errors.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
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
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void };
  /** Posts signals to webhooks; defaults to fetch with a 10 s time-out. */
  webhookSender?: WebhookSender;
  /**
   * The clock of the journal's rules (trading day, session lock, cooldown, trade times); real
   * time by default. Tests set it instead of writing timestamps into the database.
   */
  now?: () => Date;
}

/** Logs never carry credentials, tokens or secrets. */
const REDACT = [
  'req.headers.authorization',
  'req.body.password',
  'req.body.apiSecret',
  'req.body.webhookUrl',
  'req.body.privateKey',
  '*.password',
  '*.token',
  '*.apiSecret',
  '*.privateKey',
  '*.masterPrivateKey',
  '*.webhookUrl',
  '*.credentials',
];

/** Builds the app (plugins, then modules, then the web app); never listens. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(deps.logStream && { stream: deps.logStream }),
    },
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
  registerJsonBodyParser(app);

  await registerSecurity(app);
  await registerOpenApi(app, VERSION);

  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db);
  const leaderboard = new LeaderboardService(new LeaderboardRepository(db), {
    cacheMs: config.leaderboardCacheMs,
  });
  const risk = new RiskService(db, new RiskRepository(), now);
  const usersService = new UsersService(users, {
    onLeaderboardChange: () => leaderboard.invalidate(),
    // Today's trading day is recorded in the old zone first: a change takes effect tomorrow.
    beforeTimeZoneChange: (user) => risk.pinTradingDay(user),
  });
  await app.register(authPlugin, { secret: deps.appSecret, sessions });

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  const audit = new AuditRepository(db);
  const auth = new AuthService({
    users,
    usersService,
    sessions,
    emailTokens: new EmailTokensRepository(db),
    mailer,
    audit,
    publicUrl: config.publicUrl,
    signToken: (userId, sessionId) => app.signSessionToken(userId, sessionId),
    log: app.log,
  });

  const bingo = new BingoService(new BingoRepository(db), now);
  const trades = new TradesService(db, new TradesRepository(), risk, bingo, now);
  const box = new SecretBox(deps.appSecret);

  // The paper exchange, mounted at /paper outside /api (its own protocol, no app session).
  const paper = config.paperExchange
    ? await openPaperExchange({ store: new PaperStateRepository(db) })
    : null;
  if (paper) {
    await app.register(paperRoutes, {
      prefix: '/paper',
      exchange: paper,
      rateLimitScale: config.rateLimitScale,
    });
  }

  const networks = new ExchangeNetworks(config, paper);
  const keys = new ApiKeysService({
    repo: new ApiKeysRepository(db),
    users: usersService,
    box,
    networks,
    audit: new AuditRepository(db),
    log: app.log,
  });
  // Signals read the account for the test message, and the proxy reports orders as signals.
  const signals: SignalsService = new SignalsService({
    repo: new SignalsRepository(db),
    box,
    send: deps.webhookSender ?? fetchWebhookSender(),
    snapshot: (userId) => exchange.snapshot(userId),
    log: app.log,
  });
  const exchange: ExchangeService = new ExchangeService({
    keys,
    networks,
    trades,
    signals,
    marketNetwork: config.marketDataNetwork,
    log: app.log,
    now,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database: deps.database, version: VERSION });
      await api.register(authRoutes, { auth, rateLimitScale: config.rateLimitScale });
      await api.register(usersRoutes, { users: usersService });
      await api.register(bingoRoutes, {
        bingo,
        users: usersService,
      });
      await api.register(riskRoutes, { risk });
      await api.register(tradesRoutes, { trades });
      await api.register(apiKeysRoutes, { keys });
      await api.register(connectionsRoutes, { keys });
      await api.register(exchangeMarketRoutes, { exchange });
      await api.register(exchangeAccountRoutes, { exchange });
      await api.register(signalsRoutes, { signals, extraOrigins: config.signalTestOrigins });
      await api.register(subscriptionsRoutes, {
        subscriptions: new SubscriptionsService({ db, repo: new SubscriptionsRepository(), users }),
      });
      await api.register(paymentRoutes, { links: config.paymentLinks });
      await api.register(usersAdminRoutes, {
        admin: new UsersAdminService({
          users,
          admin: new UsersAdminRepository(db),
          audit,
          sendVerification: (user) => auth.sendVerificationMail(user),
          onLeaderboardChange: () => leaderboard.invalidate(),
        }),
      });
      await api.register(auditRoutes, { audit: new AuditService(audit) });
      await api.register(leaderboardRoutes, { leaderboard });
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  registerNotFoundHandler(app, await registerWebApp(app, webDist));
  return app;
}
