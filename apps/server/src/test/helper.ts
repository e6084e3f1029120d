import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import type { Faults } from '../modules/trades/fault-points.js';
import type { MarkPins } from '@tb/paper-exchange';
import {
  PG_TEMPLATE_NAME,
  pgliteTemplate,
  reusedPglite,
  idlePglites,
} from './database-templates.js';

/** The PostgreSQL server of the tests (CI sets it); tests read it here, not from process.env. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The databases every route test runs against: PGlite always, PostgreSQL when configured. */
export const DATABASES = ['pglite', ...(TEST_DATABASE_URL ? (['postgres'] as const) : [])] as const;
export type DatabaseKind = (typeof DATABASES)[number];

/** A mailer that keeps what it sends, so tests can follow the links. */
export class MemoryMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly sent: Mail[] = [];
  #held: Promise<void> | undefined;
  async send(mail: Mail) {
    await this.#held;
    this.sent.push(mail);
  }
  /** Holds every send until the returned function is called (a slow mail server). */
  hold(): () => void {
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.#held = undefined;
      release();
    };
  }
  /** Waits for the app's mail queue (createTestContext points it at the app's). */
  settle: () => Promise<void> = async () => undefined;
  /** Every mail sent, once the work queued before the call is done. */
  async settled(): Promise<Mail[]> {
    await this.settle();
    return this.sent;
  }
  /**
   * The token at the end of the newest link sent to `to` whose path contains `pathPart`, once
   * the mail work queued so far is done (mails go out after the answer).
   */
  async lastToken(to: string, pathPart: string): Promise<string> {
    await this.settle();
    const link = this.sent
      .filter((m) => m.to === to)
      .flatMap((m) => m.links)
      .filter((l) => l.includes(pathPart))
      .at(-1);
    if (!link) throw new Error(`no ${pathPart} link sent to ${to}`);
    return link.split('/').at(-1)!;
  }
}

/**
 * The app's clock in tests: real time until a test sets it, then fixed there (or moved on by
 * `advance`); every suite goes back to real time after each test.
 */
export class TestClock {
  #fixed: number | null = null;
  readonly now = (): Date => new Date(this.#fixed ?? Date.now());
  /** Fixes the time at `at` (an ISO string, a Date or epoch ms). */
  set(at: string | Date | number): void {
    this.#fixed = new Date(at).getTime();
  }
  /** Moves the time on by `ms` (from now when it was real time). */
  advance(ms: number): void {
    this.#fixed = (this.#fixed ?? Date.now()) + ms;
  }
  useRealTime(): void {
    this.#fixed = null;
  }
  /**
   * Runs `step` with the time fixed at `at`, then goes back to real time: how a test makes a
   * past through the API (a period added 31 days ago) instead of writing it into the database.
   */
  async at<T>(at: string | Date | number, step: () => Promise<T>): Promise<T> {
    this.set(at);
    try {
      return await step();
    } finally {
      this.useRealTime();
    }
  }
}

/** The app secret of every test app (a restarted app must read the keys the first sealed). */
export const TEST_APP_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestContext {
  app: FastifyInstance;
  /** The clock of the journal's rules (AppDeps.now). */
  clock: TestClock;
  mailer: MemoryMailer;
  database: Database;
  config: Config;
  /** Every log line the app wrote (JSON text), when the suite asked for `captureLogs`. */
  logs: string[];
}

export interface ContextOptions {
  configuredMailer?: boolean;
  /** Test hook at each step of a live action (a crash test stops there). */
  faults?: Faults;
  /** The paper exchange's pinned marks (a test that restarts the app keeps them). */
  paperPins?: MarkPins;
  /** Keep the app's log lines in `ctx.logs` (LOG_LEVEL trace unless env sets one). */
  captureLogs?: boolean;
}

/**
 * A fresh PostgreSQL database per test file, dropped afterwards: a copy of the migrated
 * template (test/database-templates.ts) when there is one, else empty (`empty`: always, for
 * tests of migrating itself).
 */
export async function createPgDatabase({ empty = false }: { empty?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const baseUrl = TEST_DATABASE_URL!;
  const name = `tb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    if (empty) await admin.query(`create database ${name}`);
    else {
      await admin.query(`create database ${name} template ${PG_TEMPLATE_NAME}`).catch((err) => {
        // No template (3D000): an empty database, migrated when opened.
        if ((err as { code?: string }).code !== '3D000') throw err;
        return admin.query(`create database ${name}`);
      });
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A test database, and how a suite hands it back when done with it. */
export type TestDatabase = Database & {
  /** Closes it; an in-memory PGlite still open is kept for the next suite instead. */
  release(): Promise<void>;
};

/**
 * Opens a test database: PostgreSQL at `url`, else an in-memory PGlite. A PGlite a suite
 * released is emptied for the next one (reusedPglite, about 0.2 s) instead of a new one started
 * (about 2 s); a new one starts from the migrated template. One a test closed on purpose (an
 * outage) is closed for good.
 */
export async function openTestDatabase(url?: string): Promise<TestDatabase> {
  if (url) {
    const database = await openDatabase({ databaseUrl: url });
    return { ...database, release: () => database.close() };
  }
  const database =
    (await reusedPglite()) ?? (await openDatabase({ pgliteOptions: await pgliteTemplate() }));
  let closed = false;
  // Each opening is its own object: the app keys its per-database state by it.
  return {
    ...database,
    close: async () => {
      closed = true;
      await database.close();
    },
    release: async () => {
      if (closed) return;
      closed = true;
      idlePglites.push(database);
    },
  };
}

/**
 * Builds a fresh app on a fresh database (no web app, no listening). Mail goes to a MemoryMailer
 * unless `configuredMailer` asks for the one the config selects (SMTP_URL or the outbox).
 */
export async function createTestContext(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  { configuredMailer = false, captureLogs = false, faults, paperPins }: ContextOptions = {},
) {
  const pgDb = kind === 'postgres' ? await createPgDatabase() : undefined;
  const parsed = parseConfig({
    LOG_LEVEL: captureLogs ? 'trace' : 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://app.test',
    WEB_DIST: '/nonexistent',
    // Tests run the reconciler by hand (app.reconciler.runOnce), never on a timer.
    RECONCILE_INTERVAL_MS: '0',
    // The paper market never calls Hyperliquid in tests; a test of PAPER_PRICES sets a fake one.
    PAPER_PRICES: 'synthetic',
    ...env,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const database = await openTestDatabase(pgDb?.url);
  const mailer = new MemoryMailer();
  const logs: string[] = [];
  const clock = new TestClock();
  const app = await buildApp(parsed.config, {
    database,
    now: clock.now,
    appSecret: TEST_APP_SECRET,
    ...(faults && { faults }),
    ...(paperPins && { paperPins }),
    ...(configuredMailer ? {} : { mailer }),
    ...(captureLogs && { logStream: { write: (line: string) => void logs.push(line) } }),
  });
  await app.ready();
  mailer.settle = () => app.mailQueue.drain();
  const close = async () => {
    await app.close();
    await database.release();
    await pgDb?.drop();
  };
  return {
    ctx: { app, clock, mailer, database, config: parsed.config, logs } satisfies TestContext,
    close,
  };
}

export interface SuiteOptions extends ContextOptions {
  /** Environment of the app, computed in `beforeAll` (e.g. after a local server is listening). */
  env?: () => Record<string, string> | Promise<Record<string, string>>;
}

/**
 * Runs a suite once per database in DATABASES, with a fresh app and database per run. The
 * context is filled in `beforeAll`; read it inside tests.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: TestContext) => void,
  options: SuiteOptions = {},
) {
  for (const kind of DATABASES) {
    describe(`${name} [${kind}]`, () => {
      const ctx = {} as TestContext;
      let close: () => Promise<void> = async () => undefined;
      beforeAll(async () => {
        const made = await createTestContext(kind, (await options.env?.()) ?? {}, options);
        Object.assign(ctx, made.ctx);
        close = made.close;
      });
      afterEach(() => ctx.clock?.useRealTime());
      afterAll(() => close());
      suite(ctx);
    });
  }
}
