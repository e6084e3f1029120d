// The steps of live-crash.mjs: its constants, the requests a trader makes (HTTP against one
// server), the trade levels of a run, and the request that kills the server.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sleep } from './cpu.mjs';
import { alive, stop } from './processes.mjs';

export const POINTS = [
  'place:intent',
  'stop:intent',
  'place:sent',
  'stop:sent',
  'place:recorded',
  'close:intent',
  'close:sent',
  'cancel:intent',
  'cancel:sent',
];
/** Steps whose orphan the exchange never saw: dropped only after the grace. */
export const GRACE_POINTS = new Set(['place:intent', 'stop:intent', 'close:intent']);
/**
 * Two more kills per rep, the failure issue 23 reported: the stop fills while the server is
 * down, before anything resolved the orphan. The crash server pins BTC 3 % above the run's mark;
 * the bracket's stop (place:sent) or the moved stop (stop:sent) sits between the two, 1.5 %
 * above the run's mark, so the restart's first read of the account, on the paper exchange's
 * own seeded price (the pin died with the process), fills it.
 */
export const FILL_STEPS = {
  'place:sent': 'place:sent, stop filled while down',
  'stop:sent': 'stop:sent, new stop filled while down',
};
/** The two-instance run: steps whose orphan the surviving instance can resolve at once. */
export const PAIR_POINTS = ['place:sent', 'stop:sent', 'close:sent', 'cancel:sent'];
/** What resolution must make of the orphan of each step (place:recorded leaves none). */
export const EXPECTED = {
  'place:intent': 'dropped',
  'place:sent': 'adopted',
  'place:recorded': 'recorded',
  'stop:intent': 'dropped',
  'stop:sent': 'adopted',
  'close:intent': 'dropped',
  'close:sent': 'adopted',
  'cancel:intent': 'dropped',
  'cancel:sent': 'adopted',
  [FILL_STEPS['place:sent']]: 'closed verified',
  [FILL_STEPS['stop:sent']]: 'closed verified',
};
/** INTENT_GRACE_MS of apps/server/src/modules/trades/live-desk.ts. */
export const GRACE_MS = 30_000;
/** RECONCILE_INTERVAL_MS of the servers. */
export const INTERVAL_MS = 1_000;

export const family = (point) => point.split(':')[0];
export const isPlacement = (point) => family(point) === 'place';

// ---------------------------------------------------------------------------------------------
// HTTP

/** One JSON request: `{ status, body }`; throws when no answer comes (a dead server). */
export async function request(server, method, path, { token, body, key, timeoutMs = 30_000 } = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key && { 'idempotency-key': key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

export async function expectStatus(server, status, method, path, options) {
  const res = await request(server, method, path, options);
  if (res.status !== status) {
    throw new Error(
      `${server.label}: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}, expected ${status}`,
    );
  }
  return res.body;
}

export const paperInfo = (server, payload) =>
  expectStatus(server, 200, 'POST', '/paper/info', { body: payload });

/** Each started server's admin session, for PAPER_CONTROL's route. */
const controlTokens = new WeakMap();

/**
 * An admin's session on `server`: the control route asks for one (issue 29). The bench's admin
 * is the database's first account, so a run pins a mark before it registers any trader; a
 * later start on the same database signs it in again.
 */
async function controlToken(server) {
  const known = controlTokens.get(server);
  if (known) return known;
  const admin = {
    username: 'bench-admin',
    email: 'bench-admin@example.com',
    password: 'bench-admin-pass',
  };
  const made = await request(server, 'POST', '/api/users/register', { body: admin });
  let token;
  if (made.status === 201) {
    if (!made.body.user.isAdmin) {
      throw new Error(
        `${server.label}: pin a mark before registering traders (bench-admin is not the first account)`,
      );
    }
    token = made.body.token;
  } else {
    const login = await expectStatus(server, 200, 'POST', '/api/users/login', {
      body: { username: admin.username, password: admin.password },
    });
    token = login.token;
  }
  controlTokens.set(server, token);
  return token;
}

/** Pins (null: frees) a coin's paper mark as the bench's admin: pins live in the process, so after every start. */
export const pinCoin = async (server, coin, px) =>
  expectStatus(server, 200, 'POST', '/paper/control/mark', {
    body: { coin, px },
    token: await controlToken(server),
  });

/** Pins BTC's paper mark: pins live in the process, so after every start. */
export const pin = (server, px) => pinCoin(server, 'BTC', px);

/**
 * The levels of the run around the paper exchange's own BTC mark (its seeded price path): wide
 * enough that nothing triggers while the mark is not pinned yet (a restart's start-up
 * resolution reads the account before the harness can pin it, on the seeded path, which moves
 * ~0.3 % in ten minutes).
 */
export function levelsAround(mid) {
  const r = (x) => Math.round(x / 100) * 100;
  const mark = r(mid);
  const trade = { pair: 'BTCUSDT', isLong: true, sizeUsd: 500 };
  return {
    mark,
    // Rests: 3 % below the mark; 2R.
    limit: {
      ...trade,
      entryPrice: r(mark * 0.97),
      stopLoss: r(mark * 0.93),
      takeProfit: r(mark * 1.05),
      order: { type: 'limit', leverage: 5 },
    },
    // Fills at once; 2R.
    market: {
      ...trade,
      entryPrice: mark,
      stopLoss: r(mark * 0.93),
      takeProfit: r(mark * 1.14),
      order: { type: 'market', leverage: 3 },
    },
    movedStop: r(mark * 0.96),
    // The kills whose stop fills while the server is down: pinned 3 % up while it runs.
    high: {
      mark: r(mark * 1.03),
      place: {
        ...trade,
        entryPrice: r(mark * 1.03),
        stopLoss: r(mark * 1.015),
        takeProfit: r(mark * 1.06),
        order: { type: 'market', leverage: 3 },
      },
      stop: {
        ...trade,
        entryPrice: r(mark * 1.03),
        stopLoss: r(mark * 0.97),
        takeProfit: r(mark * 1.15),
        order: { type: 'market', leverage: 3 },
      },
      movedStop: r(mark * 1.015),
    },
  };
}

let traders = 0;

/** A fresh trader with a one-click paper account and live trading on. */
export async function newTrader(server) {
  traders += 1;
  const username = `crash${traders}`;
  const session = await expectStatus(server, 201, 'POST', '/api/users/register', {
    body: { username, email: `${username}@example.com`, password: `pw-${username}-${traders}` },
  });
  const token = session.token;
  const connected = await expectStatus(server, 201, 'POST', '/api/users/exchanges', {
    token,
    body: { exchangeId: 'hyperliquid', network: 'paper' },
  });
  await expectStatus(server, 200, 'PUT', '/api/users/settings', {
    token,
    body: { liveTradingEnabled: true },
  });
  return { username, token, id: session.user.id, connectionId: connected.exchange.id };
}

/**
 * Gets a trader's trade into the state the step needs and answers the request that will be
 * killed: a placement (limit on even reps, market on odd ones), or an exit action on a bracket
 * placed first (market entry, filled, for stop and close; a resting limit for cancel).
 */
export async function prepare(server, trader, { point, rep, fill }, levels) {
  const key = randomUUID();
  if (isPlacement(point)) {
    const body = fill ? levels.high.place : rep % 2 === 0 ? levels.limit : levels.market;
    return { key, method: 'POST', path: '/api/trades', body, orderType: body.order.type };
  }
  const bracket = fill
    ? levels.high.stop
    : family(point) === 'cancel'
      ? levels.limit
      : levels.market;
  const trade = await expectStatus(server, 201, 'POST', '/api/trades', {
    token: trader.token,
    body: bracket,
    key: randomUUID(),
  });
  const path = {
    stop: `/api/trades/${trade.id}/stop`,
    close: `/api/trades/${trade.id}/close-market`,
    cancel: `/api/trades/${trade.id}/cancel-entry`,
  }[family(point)];
  const moved = fill ? levels.high.movedStop : levels.movedStop;
  const body = family(point) === 'stop' ? { stopLoss: moved } : {};
  return { key, method: 'POST', path, body, tradeId: trade.id, orderType: bracket.order.type };
}

/**
 * Sends the request that must kill `server`: answers whether it died by SIGKILL with the
 * request unanswered, and what happened otherwise.
 */
export async function sendAndDie(server, trader, action) {
  const exited = new Promise((resolve) => {
    if (!alive(server)) resolve({ code: server.exitCode, signal: server.signalCode });
    else server.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let answer = null;
  let error = null;
  try {
    answer = await request(server, action.method, action.path, {
      token: trader.token,
      body: action.body,
      key: action.key,
    });
  } catch (err) {
    error = err;
  }
  const ended = await Promise.race([exited, sleep(20_000).then(() => null)]);
  if (!ended) await stop(server);
  const killed = answer === null && ended?.signal === 'SIGKILL';
  const how = answer
    ? `answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`
    : ended
      ? `no answer (${error?.cause?.code ?? error?.message}), exit ${ended.signal ?? `code ${ended.code}`}`
      : `no answer (${error?.message}) and no exit within 20 s`;
  return { killed, how };
}

export function serverEnv(dataDir, databaseUrl, point, instanceId) {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    WEB_DIST: join(dataDir, 'no-web-app'),
    RATE_LIMIT_SCALE: '1000',
    PAPER_EXCHANGE: 'true',
    PAPER_CONTROL: 'true',
    RECONCILE_INTERVAL_MS: String(INTERVAL_MS),
    INSTANCE_ID: instanceId,
    ...(point && { TEST_CRASH_AT: point }),
  };
}

/**
 * The order of the kills: every step once per rep, placements and exit actions in turn, then
 * the two whose stop fills while the server is down.
 */
export function killPlan(opts) {
  const plan = [];
  for (let rep = 0; rep < opts.reps; rep++) {
    for (const point of opts.points) plan.push({ point, rep, step: point, fill: false });
    if (!opts.fill) continue;
    for (const point of opts.points.filter((p) => FILL_STEPS[p])) {
      plan.push({ point, rep, step: FILL_STEPS[point], fill: true });
    }
  }
  return plan;
}

/** When every intent of a step the exchange never saw is past its grace, and a few passes. */
export function graceBound(kills) {
  const created = kills
    .filter((k) => GRACE_POINTS.has(k.point))
    .flatMap((k) => k.intents.map((i) => new Date(i.created_at).getTime()));
  return created.length ? Math.max(...created) + GRACE_MS + 3 * INTERVAL_MS : Date.now();
}
