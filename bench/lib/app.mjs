// The app under load: the real server on one database, the bench accounts and their data,
// a check that every measured endpoint answers as expected, then the measurements.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureEndpoint, requestSource } from './load.mjs';
import { startServer, stop } from './processes.mjs';

export const SERVER = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));

/** The trade each bench account opens, and the body of the edits under load. */
const TRADE = { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };

async function call(child, request) {
  const { path, method, headers, body } = requestSource(request).next();
  const res = await fetch(child.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Calls and checks one request; throws with the answer when `ok(answer)` is false. */
async function expect(child, what, request, ok) {
  const res = await call(child, request);
  if (!ok(res)) {
    throw new Error(`${child.label}: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

const bearer = (token) => ({ authorization: `Bearer ${token}` });

/**
 * Registers one account per connection, each with one OPEN trade, and checks the endpoints.
 * One account per connection for the login runs, so the runs measure the endpoint and not a
 * limiter (the per-account sign-in throttle counts failed password checks; the per-IP limit
 * is lifted by RATE_LIMIT_SCALE). The trade edits take
 * turns over the accounts too, so that 20 edits in flight do not all queue for one row's lock.
 */
async function prepare(child, connections) {
  const accounts = Array.from({ length: Math.max(1, connections) }, (_, i) => ({
    username: `bencher${i}`,
    email: `bencher${i}@example.com`,
    password: `bench-password-${i}`,
  }));
  for (const account of accounts) {
    const body = { method: 'POST', body: account };
    const session = await expect(child, 'register', { path: '/api/users/register', ...body }, (r) =>
      Boolean(r.status === 201 && r.body?.token),
    );
    account.headers = bearer(session.token);
    const create = { path: '/api/trades', method: 'POST', headers: account.headers, body: TRADE };
    const trade = await expect(child, 'POST /api/trades', create, (r) =>
      Boolean(r.status === 201 && r.body?.id),
    );
    account.tradeId = trade.id;
  }
  const [user] = accounts;
  const login = await expect(
    child,
    'login',
    {
      path: '/api/users/login',
      method: 'POST',
      body: { username: user.username, password: user.password },
    },
    (r) => Boolean(r.status === 200 && r.body?.token),
  );
  const headers = bearer(login.token);
  await expect(
    child,
    'GET /api/users/me',
    { path: '/api/users/me', headers },
    (r) => r.status === 200 && r.body?.username === user.username,
  );
  // The first read creates the default card: the runs measure reads.
  await expect(
    child,
    'GET /api/bingo/card',
    { path: '/api/bingo/card', headers },
    (r) => r.status === 200 && r.body?.success === true && r.body.data?.bingoPages?.length > 0,
  );
  for (const { headers: own, tradeId } of accounts) {
    const edit = { path: `/api/trades/${tradeId}`, method: 'PUT', headers: own, body: TRADE };
    await expect(
      child,
      `PUT /api/trades/${tradeId}`,
      edit,
      (r) => r.status === 200 && r.body?.trade?.id === tradeId && r.body.trade.status === 'OPEN',
    );
  }
  return { accounts, headers };
}

/** Rows of the table: the endpoints measured on each database. */
function endpoints({ accounts, headers }) {
  const turns = () => {
    let turn = 0;
    return () => accounts[turn++ % accounts.length];
  };
  const nextTrader = turns();
  const nextLogin = turns();
  return [
    {
      endpoint: '`GET /api/bingo/card` (JWT + session lookup, card read)',
      request: { path: '/api/bingo/card', headers },
    },
    {
      endpoint:
        '`PUT /api/trades/:id` (edit an OPEN trade: a transaction locking the trade and risk rows; stands in for `POST /api/trades`, which the discipline lock refuses after 3 trades per user and day)',
      request: () => {
        const { headers: own, tradeId } = nextTrader();
        return { path: `/api/trades/${tradeId}`, method: 'PUT', headers: own, body: TRADE };
      },
    },
    {
      endpoint: '`GET /api/users/me` (JWT + session lookup)',
      request: { path: '/api/users/me', headers },
    },
    {
      endpoint: '`POST /api/users/login` (argon2id verify + session insert)',
      request: () => {
        const { username, password } = nextLogin();
        return { path: '/api/users/login', method: 'POST', body: { username, password } };
      },
    },
  ];
}

/** Starts the app on one database (`env`), measures every endpoint, stops it. */
export async function benchApp(label, env, opts, dbCpu) {
  const child = await startServer(label, SERVER, {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    // API only: the web app (built or not, other work may be rebuilding it) is not measured.
    WEB_DIST: join(env.DATA_DIR, 'no-web-app'),
    ...env,
  });
  child.dbCpu = dbCpu;
  const rows = [];
  for (const { endpoint, request } of endpoints(await prepare(child, opts.connections))) {
    console.log(`  ${label}: ${endpoint.replace(/`/g, '').replace(/ \(.*/, '')}`);
    rows.push({ db: label, endpoint, ...(await measureEndpoint(child, request, opts)) });
  }
  await stop(child);
  if (child.logLines > 0) console.log(`  ${label}: the server logged ${child.logLines} line(s)`);
  return { rows, logLines: child.logLines };
}
