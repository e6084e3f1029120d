// The measurements of instances.mjs: two app servers (A and B) on one PostgreSQL database and
// one Redis. Each step returns plain numbers; instances.mjs prints and records them.
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { cpuMeter, sleep } from './cpu.mjs';
import { quantile } from './closed-loop.mjs';
import { checkAlive } from './processes.mjs';

/** One JSON request; `{ status, headers, body, at }` with `at` the time the answer was read. */
export async function call(child, method, path, { token, body, headers = {} } = {}) {
  const res = await fetch(child.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const at = performance.now();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed, at };
}

/** Calls and throws with the answer unless it has status `status`. */
export async function expectStatus(child, status, method, path, options) {
  const res = await call(child, method, path, options);
  if (res.status !== status) {
    throw new Error(
      `${child.label}: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}, expected ${status}`,
    );
  }
  return res;
}

/**
 * Polls `check()` until it gives a time, at most every `everyMs`; `{ at, polls }` (how many
 * calls it took). Throws after `timeoutMs`.
 */
export async function until(what, check, { everyMs = 10, timeoutMs = 15_000 } = {}) {
  const start = performance.now();
  for (let polls = 1; ; polls++) {
    const began = performance.now();
    const at = await check();
    if (at) return { at, polls };
    if (performance.now() - start > timeoutMs) {
      throw new Error(`${what}: not seen after ${timeoutMs / 1000} s`);
    }
    await sleep(Math.max(0, everyMs - (performance.now() - began)));
  }
}

export async function signUp(child, username) {
  const account = { username, email: `${username}@example.com`, password: `pw-${username}` };
  const res = await expectStatus(child, 201, 'POST', '/api/users/register', { body: account });
  return { ...account, token: res.body.token, id: res.body.user.id };
}

export const median = (xs) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/**
 * Wrong passwords for `account`, sent in turn to `servers`, until one is refused without a
 * password check: 429 (the address's wait) or, past the account-wide ceiling, 401
 * STEP_UP_REQUIRED (issue 29), or `maxAttempts` pass. `address(i)`: the x-forwarded-for of
 * attempt i (TRUST_PROXY is on).
 */
export async function attemptsUntil429(servers, account, address, maxAttempts) {
  for (let i = 1; i <= maxAttempts; i++) {
    const res = await call(servers[(i - 1) % servers.length], 'POST', '/api/users/login', {
      body: { username: account.username, password: 'wrong-password' },
      headers: { 'x-forwarded-for': address(i) },
    });
    if (res.status === 429) return { attempt: i, retryAfter: res.headers.get('retry-after') };
    if (res.status === 401 && res.body?.error?.code === 'STEP_UP_REQUIRED') {
      return { attempt: i, stepUp: true };
    }
    if (res.status !== 401) {
      throw new Error(`wrong password ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  return { attempt: undefined, retryAfter: undefined };
}

/**
 * An admin renames the trader on A `rounds` times; each time, ms from the rename's 200 until
 * B's leaderboard shows the new name (polled every 10 ms).
 */
export async function renameDelays(a, b, admin, trader, rounds) {
  const delays = [];
  const names = async () => JSON.stringify((await call(b, 'GET', '/api/leaderboard')).body);
  for (let i = 1; i <= rounds; i++) {
    const name = `renamed-${i}`;
    // B has the ranking (old name) in its cache before the rename.
    if ((await names()).includes(`"${name}"`)) throw new Error(`${name} already on B`);
    const renamed = await expectStatus(a, 200, 'PUT', '/api/users/username', {
      token: admin.token,
      body: { userId: trader.id, username: name },
    });
    const seen = await until(`rename ${i} on B`, async () => {
      const res = await call(b, 'GET', '/api/leaderboard');
      return JSON.stringify(res.body).includes(`"${name}"`) && res.at;
    });
    delays.push({ ms: seen.at - renamed.at, polls: seen.polls });
    await sleep(100);
  }
  return delays;
}

/** ms from logout's 204 on A until B answers 401 for the token B had just verified. */
export async function revocationDelays(a, b, account, rounds) {
  const delays = [];
  for (let i = 1; i <= rounds; i++) {
    const login = await expectStatus(a, 200, 'POST', '/api/users/login', {
      body: { username: account.username, password: account.password },
    });
    const { token } = login.body;
    await expectStatus(b, 200, 'GET', '/api/users/me', { token });
    const ended = await expectStatus(a, 204, 'POST', '/api/users/logout', { token });
    const refused = await until(`logout ${i} on B`, async () => {
      const res = await call(b, 'GET', '/api/users/me', { token });
      if (res.status !== 200 && res.status !== 401) {
        throw new Error(`B answered ${res.status} ${JSON.stringify(res.body)}`);
      }
      return res.status === 401 && res.at;
    });
    delays.push({ ms: refused.at - ended.at, polls: refused.polls });
    await sleep(100);
  }
  return delays;
}

const ORDER = { symbol: 'BTC-USD', side: 'buy', size: 0.001, orderType: 'market', price: null };

/** A paper account made through A, `orders` market buys at once, half via A, half via B. */
export async function paperOrders(a, b, account, orders) {
  await expectStatus(a, 201, 'POST', '/api/users/exchanges', {
    token: account.token,
    body: { exchangeId: 'hyperliquid', network: 'paper' },
  });
  const placed = await Promise.all(
    Array.from({ length: orders }, (_, i) =>
      call(i % 2 ? b : a, 'POST', '/api/exchange/order', { token: account.token, body: ORDER }),
    ),
  );
  const statuses = {};
  for (const r of placed) {
    const key = r.status === 201 ? r.body?.data?.status : `${r.status} ${r.body?.error ?? ''}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const filled = placed.filter((r) => r.status === 201 && r.body?.data?.status === 'filled');
  const read = async (child) => {
    const trades = await expectStatus(child, 200, 'GET', '/api/exchange/myTrades?limit=500', {
      token: account.token,
    });
    const positions = await expectStatus(child, 200, 'GET', '/api/exchange/positions', {
      token: account.token,
    });
    const btc = trades.body.data.filter((t) => t.symbol.startsWith('BTC'));
    const position = positions.body.data.find((p) => p.symbol.startsWith('BTC'));
    return {
      fills: btc.length,
      filledSize: btc.reduce((sum, t) => sum + t.amount, 0),
      position: position ? position.size : 0,
    };
  };
  return {
    orders,
    filled: filled.length,
    filledSize: filled.reduce((sum, r) => sum + r.body.data.filled, 0),
    statuses,
    onA: await read(a),
    onB: await read(b),
  };
}

/** One autocannon run of an authenticated GET: 2xx/s and p99 (ms) of that run. */
async function cannon(child, path, token, { duration, connections }) {
  const result = await autocannon({
    url: child.url + path,
    headers: { authorization: `Bearer ${token}` },
    connections,
    duration,
  });
  checkAlive(child);
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failures: result.errors + result.non2xx,
  };
}

/**
 * Throughput of `path` against A alone (`connections`), then against A and B at once (two
 * runs in parallel, `connections` / 2 each, so the same requests are in flight), each after a
 * 2 s warm-up.
 */
export async function throughput(a, b, path, token, { duration, connections }) {
  const half = Math.max(1, Math.round(connections / 2));
  // Cores busy during a measured run: each server's process and the whole machine.
  const metered = async (children, run) => {
    const meters = await Promise.all(children.map((child) => cpuMeter(child)));
    const results = await run();
    const cpu = await Promise.all(meters.map((m) => m.read()));
    return { results, cores: cpu.map((c) => c.server), machine: cpu[0].all };
  };
  await cannon(a, path, token, { duration: Math.min(2, duration), connections });
  await sleep(1_000);
  const alone = await metered([a], async () => [
    await cannon(a, path, token, { duration, connections }),
  ]);
  await sleep(1_000);
  const both = (d) =>
    Promise.all(
      [a, b].map((child) => cannon(child, path, token, { duration: d, connections: half })),
    );
  await both(Math.min(2, duration));
  await sleep(1_000);
  const pair = await metered([a, b], () => both(duration));
  await sleep(1_000);
  return { alone, pair, half };
}

/** Redis: its version, and a way to delete every key under the run's prefix. */
export async function redisVersion(url) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('server');
    return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? '?'}`;
  } finally {
    redis.disconnect();
  }
}

export async function dropRedisKeys(url, prefix) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let dropped = 0;
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) dropped += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return dropped;
}
