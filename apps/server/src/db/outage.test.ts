import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from '../test/api.js';
import { createTestContext, DATABASES, type TestContext } from '../test/helper.js';
import { appBehindProxy } from '../test/tcp-proxy.js';
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

/** An app on a fresh PostgreSQL database behind a freezable proxy, with one user signed up. */
async function signedUpBehindProxy(timeoutMs?: number) {
  const setup = await appBehindProxy({ timeoutMs });
  const { token } = await register(setup.app);
  return { ...setup, token };
}

for (const kind of DATABASES.filter((k) => k === 'postgres')) {
  describe(`a frozen database [${kind}]`, () => {
    let setup: Awaited<ReturnType<typeof signedUpBehindProxy>>;
    beforeAll(async () => {
      setup = await signedUpBehindProxy();
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
    let setup: Awaited<ReturnType<typeof signedUpBehindProxy>>;
    beforeAll(async () => {
      setup = await signedUpBehindProxy(databaseTimeoutMs);
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
