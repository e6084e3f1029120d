import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, TEST_DATABASE_URL } from './test/helper.js';
import { call, json, startServer, stopServer } from './test/processes.js';
import { dropKeys, eventually, TEST_REDIS_URL } from './lib/redis/redis-testing.js';

describe.skipIf(!TEST_DATABASE_URL)('server processes on one PostgreSQL without APP_SECRET', () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('two processes started at once accept each other’s sessions', async () => {
    const pgDb = await createPgDatabase({ empty: true });
    cleanups.push(pgDb.drop);
    const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'tb-instance-')));
    cleanups.push(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    const started = await Promise.allSettled(
      dirs.map((dir) => startServer({ DATABASE_URL: pgDb.url }, dir)),
    );
    for (const s of started) {
      if (s.status === 'fulfilled') {
        cleanups.push(async () => {
          const exited = new Promise((resolve) => s.value.child.once('exit', resolve));
          s.value.child.kill('SIGTERM');
          await exited;
        });
      }
    }
    const [a, b] = started.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });

    const user = { username: 'twoinstances', email: 'two@example.com', password: 'correct-horse' };
    const registered = await call(a!.port, 'POST', '/api/users/register', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    expect(registered.status).toBe(201);
    const auth = { headers: { authorization: `Bearer ${String(registered.body.token)}` } };
    const onB = await call(b!.port, 'GET', '/api/users/me', auth);
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ username: user.username });
    expect((await call(a!.port, 'GET', '/api/users/me', auth)).status).toBe(200);
    // Each says where its secret comes from; neither wrote one into its data folder.
    for (const { logs } of [a!, b!]) {
      expect(logs.join('\n')).toContain('using the secret kept in the database');
    }
    expect(dirs.map((dir) => existsSync(join(dir, 'app-secret')))).toEqual([false, false]);
  }, 90_000);
});

describe.skipIf(!TEST_DATABASE_URL)('two server processes on one PostgreSQL and one Redis', () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('share limits, the leaderboard, paper accounts and session revocation', async () => {
    const pgDb = await createPgDatabase({ empty: true });
    cleanups.push(pgDb.drop);
    const prefix = `tb-multi-${randomBytes(4).toString('hex')}:`;
    cleanups.push(() => dropKeys(TEST_REDIS_URL, prefix).catch(() => undefined));
    const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'tb-instance-')));
    cleanups.push(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    const env = { DATABASE_URL: pgDb.url, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const [a, b] = await Promise.all(dirs.map((dir) => startServer(env, dir)));
    cleanups.push(
      () => stopServer(a!),
      () => stopServer(b!),
    );
    const A = a!.port;
    const B = b!.port;
    for (const port of [A, B]) {
      await eventually(
        async () => (await json(port, 'GET', '/api/health')).body?.redis === 'ok',
        `instance on ${port} on Redis`,
      );
    }

    const signUp = async (port: number, name: string) => {
      const user = { username: name, email: `${name}@example.com`, password: 'correct-horse' };
      const res = await json(port, 'POST', '/api/users/register', { body: user });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const body = res.body as { token: string; user: { id: string } };
      return { ...user, token: body.token, id: body.user.id };
    };
    const admin = await signUp(A, 'multiadmin');
    const trader = await signUp(B, 'multitrader');

    // A closed trade puts the trader on the board; B serves (and keeps) that ranking.
    const opened = await json(A, 'POST', '/api/trades', {
      token: trader.token,
      body: { pair: 'BTCUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const tradeId = String(opened.body!.id);
    const won = await json(A, 'PUT', `/api/trades/${tradeId}/status`, {
      token: trader.token,
      body: { status: 'TARGET_HIT' },
    });
    expect(won.status).toBe(200);
    const names = async (port: number) =>
      JSON.stringify((await json(port, 'GET', '/api/leaderboard?verified=false')).body);
    await eventually(async () => (await names(B)).includes('"multitrader"'), 'trader on B');
    // A rename on A shows on B's leaderboard at once, not after B's 10 s cache.
    const renamed = await json(A, 'PUT', '/api/users/username', {
      token: admin.token,
      body: { userId: trader.id, username: 'multirenamed' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await eventually(async () => (await names(B)).includes('"multirenamed"'), 'rename on B', 2_000);

    // A paper account made through A trades through B, and its position is listed on A.
    const paper = await json(A, 'POST', '/api/users/exchanges', {
      token: trader.token,
      body: { exchangeId: 'hyperliquid', network: 'paper' },
    });
    expect(paper.status, JSON.stringify(paper.body)).toBe(201);
    const order = await json(B, 'POST', '/api/exchange/order', {
      token: trader.token,
      body: { symbol: 'BTC-USD', side: 'buy', size: 0.001, orderType: 'market', price: null },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body).toMatchObject({ data: { status: 'filled' } });
    const positions = await json(A, 'GET', '/api/exchange/positions', { token: trader.token });
    expect(JSON.stringify(positions.body)).toContain('BTC');

    // A session B has verified (and keeps for a few seconds) is refused by B once A ends it.
    expect((await json(B, 'GET', '/api/users/me', { token: trader.token })).status).toBe(200);
    expect((await json(A, 'POST', '/api/users/logout', { token: trader.token })).status).toBe(204);
    await eventually(
      async () => (await json(B, 'GET', '/api/users/me', { token: trader.token })).status === 401,
      'the ended session refused by B',
      2_000,
    );

    // An account's failed sign-ins count on both: five wrong passwords, then the next waits.
    const wrong = (port: number) =>
      json(port, 'POST', '/api/users/login', {
        body: { username: admin.username, password: 'wrong-horse' },
      });
    for (let i = 0; i < 5; i += 1) expect((await wrong(i % 2 ? B : A)).status).toBe(401);
    expect((await wrong(B)).status).toBe(429);
    expect((await wrong(A)).status).toBe(429);
  }, 120_000);
});
