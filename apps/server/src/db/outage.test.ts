import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { bearer, register } from '../test/api.js';
import {
  createPgDatabase,
  createTestContext,
  DATABASES,
  type TestContext,
} from '../test/helper.js';
import { HEALTH_TIMEOUT_MS } from '../modules/health/health.routes.js';
import { DEFAULT_DATABASE_TIMEOUT_MS, openDatabase } from './client.js';

/** One timed request. */
async function timed(app: FastifyInstance, url: string, token?: string) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, ...(token && { headers: bearer(token) }) });
  return { res, ms: performance.now() - started };
}

describe('a closed PGlite database', () => {
  let ctx: TestContext;
  let close = async () => undefined as void;
  let token = '';
  beforeAll(async () => {
    ({ ctx, close } = await createTestContext('pglite'));
    ({ token } = await register(ctx.app));
    await ctx.database.close();
  });
  afterAll(() => close().catch(() => undefined));

  it('answers 503 DATABASE_UNAVAILABLE to a signed-in request', async () => {
    const { res } = await timed(ctx.app, '/api/users/me', token);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
  });

  it('answers the health probe 503 with the reason', async () => {
    const { res } = await timed(ctx.app, '/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      reason: 'DATABASE_UNREACHABLE',
    });
  });
});

describe('starting with the database down', () => {
  it('says the database refused the connection, and where, without the password', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const url = `postgres://app:s3cret-password@127.0.0.1:${port}/bingo?sslmode=disable`;
    const err = (await openDatabase({ databaseUrl: url }).then(
      () => new Error('opened'),
      (e: unknown) => e,
    )) as Error;
    expect(err.message).toBe(
      `Could not connect to the database at postgres://app@127.0.0.1:${port}/bingo: ` +
        'the connection was refused (is PostgreSQL running there?).',
    );
    expect(err.message).not.toContain('s3cret-password');
  });
});

/**
 * A TCP proxy in front of PostgreSQL that can freeze: it then forwards nothing on the
 * connections it holds and accepts new ones without ever answering, as a stopped (SIGSTOP) or
 * partitioned database server does.
 */
async function freezableProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const held = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    held.add(client);
    if (frozen) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    upstream.on('error', () => client.destroy());
    held.add(upstream);
    client.pipe(upstream).on('close', () => client.destroy());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const socket of held) {
        socket.unpipe();
        socket.pause();
      }
    },
    /** Back to normal: the frozen connections are dropped, new ones forwarded. */
    thaw() {
      frozen = false;
      held.forEach((socket) => socket.destroy());
      held.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An app on a fresh PostgreSQL database reached through a freezable proxy. */
async function appBehindProxy(timeoutMs?: number) {
  const pgDb = await createPgDatabase();
  const proxy = await freezableProxy(pgDb.url);
  const database = await openDatabase({ databaseUrl: proxy.url, timeoutMs });
  const parsed = parseConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST: '/none' });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const app = await buildApp(parsed.config, { database, appSecret: 'x'.repeat(40) });
  const { token } = await register(app);
  return {
    app,
    proxy,
    token,
    close: async () => {
      proxy.thaw();
      await app.close();
      await database.close();
      await proxy.close();
      await pgDb.drop();
    },
  };
}

for (const kind of DATABASES.filter((k) => k === 'postgres')) {
  describe(`a frozen database [${kind}]`, () => {
    let setup: Awaited<ReturnType<typeof appBehindProxy>>;
    beforeAll(async () => {
      setup = await appBehindProxy();
      setup.proxy.freeze();
    });
    afterAll(() => setup?.close());

    // The time-outs are DEFAULT_DATABASE_TIMEOUT_MS (+250 ms on the client side), for a
    // connection, a wait for a pooled one and a query. The freeze lasts until the last test
    // thaws it, so without them a request would hang for the rest of the suite; the bound
    // leaves a loaded machine room and still proves the answer comes quickly.
    const limitMs = DEFAULT_DATABASE_TIMEOUT_MS + 5_000;

    it('answers a request 503 DATABASE_UNAVAILABLE quickly', async () => {
      const { res, ms } = await timed(setup.app, '/api/users/me', setup.token);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(ms).toBeLessThan(limitMs);
    });

    it('answers requests that need a new connection 503 as well', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => timed(setup.app, '/api/users/me', setup.token)),
      );
      for (const { res, ms } of results) {
        expect(res.statusCode).toBe(503);
        expect(ms).toBeLessThan(limitMs);
      }
    });

    it('answers the health probe 503 quickly', async () => {
      const { res, ms } = await timed(setup.app, '/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(ms).toBeLessThan(limitMs);
    });

    it('recovers by itself once the database answers again', async () => {
      setup.proxy.thaw();
      const health = await timed(setup.app, '/api/health');
      expect(health.res.statusCode).toBe(200);
      const me = await timed(setup.app, '/api/users/me', setup.token);
      expect(me.res.statusCode).toBe(200);
    });
  });

  describe(`the health probe of a database with long time-outs [${kind}]`, () => {
    /** The database time-out here: far beyond the probe's own, so the two cannot be confused. */
    const databaseTimeoutMs = 30_000;
    let setup: Awaited<ReturnType<typeof appBehindProxy>>;
    beforeAll(async () => {
      setup = await appBehindProxy(databaseTimeoutMs);
      setup.proxy.freeze();
    });
    afterAll(() => setup?.close());

    it('answers 503 DATABASE_TIMEOUT after its own 1 s, not the database time-out', async () => {
      const { res, ms } = await timed(setup.app, '/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        reason: 'DATABASE_TIMEOUT',
        message: 'The database did not answer within 1000 ms.',
      });
      // Not before its own time-out (timers never fire early) ...
      expect(ms).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
      // ... and long before the database's, with room for a loaded machine.
      expect(ms).toBeLessThan(HEALTH_TIMEOUT_MS + 5_000);
    });
  });
}
