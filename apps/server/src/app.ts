import { sessionLock } from '@tb/core';
import { fileURLToPath } from 'node:url';
import type { PaperExchange } from '@tb/paper-exchange';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { logErrSerializer } from './lib/log-errors.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { MailQueue } from './lib/mail-queue.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { Broadcast } from './lib/redis/broadcast.js';
import {
  applyRevocation,
  dropAllSessions,
  onRevocation,
  parseRevocation,
  SESSIONS_REVOKED,
} from './lib/session-cache.js';
import { RedisLink } from './lib/redis/redis-link.js';
import { sharedStateOf } from './lib/redis/shared-state.js';
import { SecretBox } from './lib/secret-box.js';
import { registerAnalytics } from './modules/analytics/analytics.module.js';
import { registerApiKeys } from './modules/api-keys/api-keys.module.js';
import { registerAudit } from './modules/audit/audit.module.js';
import { registerAuth } from './modules/auth/auth.module.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { registerBingo } from './modules/bingo/bingo.module.js';
import { registerContact } from './modules/contact/contact.module.js';
import { registerEvents } from './modules/events/events.module.js';
import { RedisMarketCache } from './lib/redis/market-cache.js';
import { ExchangeNetworks } from './modules/exchange/exchange-networks.js';
import { bracketPlacer } from './modules/exchange/bracket-placer.js';
import { registerExchange } from './modules/exchange/exchange.module.js';
import { registerScriptCells } from './modules/script-cells/script-cells.module.js';
import { marketPriceOf } from './modules/exchange/market-price.js';
import { sizingBalance } from './modules/exchange/sizing-balance.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { TradesRepository } from './modules/trades/trades.repository.js';
import { registerExcursions, type TradeExcursions } from './modules/trades/excursions.js';
import { registerLeaderboard } from './modules/leaderboard/leaderboard.module.js';
import type { ModuleDeps } from './modules/module-deps.js';
import { registerPaper } from './modules/paper/paper.module.js';
import type { Reconciler } from './modules/reconciler/reconciler.js';
import { registerReconciler } from './modules/reconciler/reconciler.module.js';
import { registerPayments } from './modules/payment/payment.module.js';
import { registerRisk } from './modules/risk/risk.module.js';
import { registerSignals } from './modules/signals/signals.module.js';
import { fetchWebhookSender, type WebhookSender } from './modules/signals/webhook-sender.js';
import { registerSubscriptions } from './modules/subscriptions/subscriptions.module.js';
import type { SyncConnection } from './modules/trades/trades-actions.js';
import { registerTrades } from './modules/trades/trades.module.js';
import type { Faults } from './modules/trades/live-desk.js';
import type { MarkPins } from '@tb/paper-exchange';
import { UserLocks } from './lib/user-lock.js';
import { registerUnjournaled } from './modules/unjournaled/unjournaled.module.js';
import { registerSessions } from './modules/sessions/sessions.module.js';
import { registerUsersAdmin } from './modules/users/users-admin.module.js';
import { registerUsers } from './modules/users/users.module.js';
import { authPlugin } from './plugins/auth.js';
import { securityEvents } from './plugins/security-events.js';
import { adminDeniedRecorder } from './modules/audit/admin-denied.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/errors.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { readWebDocuments, registerWebApp } from './plugins/web.js';

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
   * The app's clock, handed to every service that reads the time (trading day, session lock,
   * cooldown, subscriptions, sessions, tokens, throttles); real time by default. Tests move it
   * (ctx.clock) instead of writing timestamps into the database.
   */
  now?: Clock;
  /** Before every Redis key (REDIS_URL); 'tb:' by default. Tests keep their runs apart. */
  redisKeyPrefix?: string;
  /**
   * Who this instance is to the reconciler's leases: stable across restarts of the same
   * instance (server.ts: INSTANCE_ID, else host and port), so a restart resumes at once.
   * Random by default (tests build several apps in one process).
   */
  instanceId?: string;
  /** Test hook: called at each step of a live action (a crash test stops there). */
  faults?: Faults;
  /** Tests that restart the app in process: the paper marks pinned before the restart. */
  paperPins?: MarkPins;
  /**
   * The live actions' per-trader locks; by default one set per database, so apps sharing one
   * (PGlite has one process, tests build several apps on it) share them. A test that restarts
   * the app in process gives the new one its own, as a new process has.
   */
  userLocks?: UserLocks;
}

const userLocks = new WeakMap<Database, UserLocks>();
/** The live actions' locks of a database: a queue in this process, advisory on PostgreSQL. */
function locksOf(database: Database): UserLocks {
  let locks = userLocks.get(database);
  if (!locks) {
    locks = new UserLocks(database.advisory);
    userLocks.set(database, locks);
  }
  return locks;
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
      // Every logged error, on every path: the cause without a failed query's parameters.
      serializers: { err: logErrSerializer },
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
  // Responses checked by their zod schemas, with a plain parse where that equals the encode.
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  const now = deps.now ?? systemClock;
  // Limits and throttles shared with the other instances through Redis (REDIS_URL).
  const keyPrefix = deps.redisKeyPrefix ?? config.redisKeyPrefix;
  const redisOptions = { keyPrefix, commandTimeoutMs: config.redisCommandTimeoutMs };
  const redis = new RedisLink(config.redisUrl, { log: app.log, ...redisOptions });
  // Messages every instance hears (a dropped leaderboard, a revoked session).
  const broadcast = new Broadcast(redis, { log: app.log, keyPrefix });
  // A session revoked here (logout, password change, a changed user row) is dropped from the
  // other instances' session caches at once, not after their few seconds.
  broadcast.subscribe(SESSIONS_REVOKED, (message) => {
    const revocation = parseRevocation(message);
    if (revocation) applyRevocation(revocation);
  });
  broadcast.onResync(dropAllSessions);
  // Awaited by revokeSessions: an answer that revoked a session goes out once Redis took it.
  const stopPublishing = onRevocation((revocation) =>
    broadcast.publish(SESSIONS_REVOKED, JSON.stringify(revocation)),
  );
  app.addHook('onClose', async () => {
    stopPublishing();
    await broadcast.close();
    await redis.close();
  });
  const state = sharedStateOf(redis, app.log);
  const web = readWebDocuments(
    config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  );
  await registerSecurity(app, { state, now }, web?.inlineScripts);
  // Before any route: it compresses the answers of the routes under /api registered after it.
  await registerCompression(app);
  await registerOpenApi(app, VERSION);

  const shared: ModuleDeps = {
    config,
    db: deps.database.db,
    now,
    log: app.log,
    box: new SecretBox(deps.appSecret),
    redis,
    state,
    broadcast,
  };
  // The auth plugin checks every token against the sessions the auth module creates.
  const sessions = new SessionsRepository(shared.db);
  await app.register(authPlugin, {
    secret: deps.appSecret,
    sessions,
    now: shared.now,
    onAdminDenied: adminDeniedRecorder(shared.db, state, now),
  });
  await app.register(securityEvents);
  const paper = await registerPaper(app, shared, deps.paperPins);

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      now: shared.now,
    });
  // Mails go out after the answer; the app's close waits up to 5 s for those still queued.
  const mailQueue = new MailQueue(mailer, app.log);
  app.decorate('mailQueue', mailQueue);
  app.addHook('onClose', async () => mailQueue.drain(5_000));
  const webhookSender = deps.webhookSender ?? fetchWebhookSender();
  let reconciler: Reconciler | undefined;
  let excursions: TradeExcursions | undefined;
  await app.register(
    async (api) => {
      ({ reconciler, excursions } = await registerApiModules(api, shared, {
        database: deps.database,
        sessions,
        mailer,
        mailQueue,
        paper,
        webhookSender,
        locks: deps.userLocks ?? locksOf(deps.database),
        instanceId: deps.instanceId,
        faults: deps.faults,
        marketClock: deps.now && { now: () => now().getTime() },
      }));
    },
    { prefix: '/api' },
  );
  // Tests run the reconciler's passes by hand (RECONCILE_INTERVAL_MS=0).
  app.decorate('reconciler', reconciler!);
  app.decorate('excursions', excursions!);

  registerNotFoundHandler(app, await registerWebApp(app, web));
  return app;
}

/** What the /api modules share beyond ModuleDeps: made once by buildApp. */
interface AppParts {
  database: Database;
  /** One live action per trader at a time (advisory locks on PostgreSQL). */
  locks: UserLocks;
  instanceId: string | undefined;
  faults: Faults | undefined;
  /**
   * With a clock given in AppDeps (tests), the Redis market cache's values expire on it; in
   * production on Redis's own clock, the same for every instance.
   */
  marketClock: { now: () => number } | undefined;
  sessions: SessionsRepository;
  mailer: Mailer;
  mailQueue: MailQueue;
  paper: PaperExchange | null;
  webhookSender: WebhookSender;
}

/**
 * Registers every module under /api, each through its own registrar, in the order of what
 * they use: a module's services exist before the modules that call them.
 */
async function registerApiModules(
  api: FastifyInstance,
  shared: ModuleDeps,
  parts: AppParts,
): Promise<{ reconciler: Reconciler; excursions: TradeExcursions }> {
  const { config } = shared;
  await api.register(healthRoutes, {
    database: parts.database,
    redis: shared.redis,
    paperPrices: () => parts.paper?.pricesStatus?.(),
    version: VERSION,
  });
  const leaderboard = await registerLeaderboard(api, shared);
  const risk = await registerRisk(api, shared);
  const users = await registerUsers(api, shared, { leaderboard, risk });
  const auth = await registerAuth(api, shared, {
    users,
    sessions: parts.sessions,
    mails: parts.mailQueue,
  });
  await registerSessions(api, shared);
  await registerUsersAdmin(api, shared, {
    users: users.repo,
    sendVerification: (user) => auth.sendVerificationMail(user),
    emailChanged: (user, oldEmail) => auth.emailChangedByAdmin(user, oldEmail),
    onLeaderboardChange: () => leaderboard.invalidate(),
  });
  const bingo = await registerBingo(api, shared, { plans: users.service });
  const redis = shared.redis;
  const networks = new ExchangeNetworks(
    config,
    parts.paper,
    redis.client ? (network) => new RedisMarketCache(redis, network, parts.marketClock) : undefined,
    () => shared.now().getTime(),
    shared.state,
  );
  // PAPER_APP_WEIGHTS: a log line a minute of what the app's paper calls weighed.
  const stopWeightLog = networks.logAppWeights(shared.log);
  api.addHook('onClose', async () => stopWeightLog());
  // Entry prices are bounded by the exchange module's market data: read from the networks,
  // not through ExchangeService, which uses trades (no cycle).
  const marketPrice = (pair: string) => marketPriceOf(networks, config.marketDataNetwork, pair);
  const keys = await registerApiKeys(api, shared, {
    users: users.service,
    networks,
    // A connection first found not to act for its wallet keeps no verified trade.
    onControlRefused: async (userId, connectionId) => {
      const n = await new TradesRepository(shared.db).unverifyFromConnection(userId, connectionId);
      if (n > 0) leaderboard.invalidate();
    },
  });
  // Journal trades placed on the exchange: through the connections and networks, not
  // ExchangeService (which uses trades).
  const bracket = bracketPlacer({ keys, networks, log: shared.log });
  // The journal's push: what the reconciler changes reaches the trader's open pages.
  const journal = await registerEvents(api, shared, { sessions: parts.sessions });
  // Closes linked trades from exchange fills; trades and exchange call its syncConnection.
  const reconciler = await registerReconciler(api, shared, {
    keys,
    networks,
    risk,
    journal,
    instanceId: parts.instanceId,
  });
  // Closed trades' MFE / MAE (issue 26), read after the close commits.
  const excursions = registerExcursions(api, shared, networks);
  const sync: SyncConnection = (userId, connectionId, opts) =>
    reconciler.syncConnection(userId, connectionId, opts);
  const liveTradingEnabled = (userId: string) => users.service.liveTradingEnabled(userId);
  const { trades, desk, actions } = await registerTrades(api, shared, {
    risk,
    board: bingo,
    locks: parts.locks,
    liveTradingEnabled,
    marketPrice,
    // With live trading on, a new trade is sized from the exchange balance, as the dashboard.
    balance: sizingBalance({ keys, networks, liveTradingEnabled, log: shared.log }),
    bracket,
    sync,
    faults: parts.faults,
    excursions,
  });
  // MFE / MAE of trades the reconciler closes from fills, and its passes sweep what was missed.
  reconciler.useExcursions(excursions);
  // Intents left by a crash, a lost database or a silent exchange: resolved on every pass.
  reconciler.useIntents(desk);
  // The lock reaches the exchange: an ended session's resting entries are cancelled.
  reconciler.useSessionEnd({
    ended: async (user) => sessionLock(await risk.get(user), risk.clock(user)).ended,
    cancelEntry: async (user, tradeId) => {
      await actions.cancelEntry(user, tradeId, { fingerprint: 'session-end' });
    },
    flatten: async (user, connectionId, held) => {
      if (!(await users.service.flattenOnSessionEnd(user.id))) return false;
      for (const tradeId of held) {
        await actions.closeMarket(user, tradeId, { fingerprint: 'session-end' });
      }
      await exchange.closeAll(user.id, connectionId);
      return held.length > 0;
    },
  });
  await registerUnjournaled(api, shared, { keys, risk, sync });
  await registerAnalytics(api, shared, { plans: users.service });
  const exchange = await registerExchange(api, shared, { keys, networks, trades });
  await registerScriptCells(api, shared, { exchange, plans: users.service, bingo });
  await registerSignals(api, shared, { exchange, send: parts.webhookSender });
  await registerSubscriptions(api, shared, { users: users.repo });
  await registerPayments(api, shared, { users: users.repo, mails: parts.mailQueue });
  await registerAudit(api, shared);
  await registerContact(api, shared, {
    mailer: parts.mailer,
    admins: () => users.repo.admins(),
  });
  return { reconciler, excursions };
}
