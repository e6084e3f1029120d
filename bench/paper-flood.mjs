// Issue 11: one user flooding the paper exchange must not slow anybody else. One client sends
// signed `order` actions of the most orders one action may carry (50 Ioc orders, alternately
// buying and selling, so every order fills and writes a fill and an order row), several in
// parallel, straight to /paper/exchange; meanwhile another user's `POST /api/exchange/order`
// (a market order on their own paper account, through the app's exchange proxy) and
// `GET /api/health` are measured at a steady rate, and the same without the flood.
//
//   node bench/paper-flood.mjs [--duration 15] [--flooders 8] [--no-postgres] [--no-record]
//                              [--server path/to/server.js --label "before"]
// (after a build: npm run build). --server measures another build of the server (e.g. an
// older release, built in another folder) with the same load.
//
// The flood's actions are signed before the measurement (the signing would otherwise take the
// bench's share of the 2 cores from the server). Latencies of the measured user count from
// each request's due time (open loop: a stalled server is not hidden by waiting for it).
import http from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signL1Action } from '@nktkas/hyperliquid/signing';
import {
  addressOfPrivateKey,
  generatePrivateKey,
  walletFromPrivateKey,
} from '../packages/hyperliquid/dist/index.js';
import { SERVER } from './lib/app.mjs';
import { cleanUp, installCleanUp } from './lib/cleanup.mjs';
import { waitForCalm } from './lib/cpu.mjs';
import { fmtCores, fmtMs } from './lib/format.mjs';
import { createBenchDatabase } from './lib/postgres.mjs';
import { removeDir, startServer, stop, tempDir } from './lib/processes.mjs';
import { machine, record } from './lib/report.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    flooders: { type: 'string', default: '8' },
    'no-postgres': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
    server: { type: 'string', default: SERVER },
    // Names the build in the command line of the entry (e.g. --label before).
    label: { type: 'string', default: '' },
  },
});
const DURATION_S = Number(opts.duration);
const FLOODERS = Number(opts.flooders);
const ORDERS_PER_ACTION = 50;
/** Rates of the measured user: health checks and orders per second. */
const HEALTH_RATE = 10;
const ORDER_RATE = 4;
const WARM_UP_MS = 3_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One JSON request on a keep-alive agent: status, parsed body and latency from `since`. */
function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, {
      agent,
      method,
      headers: text ? { 'content-type': 'application/json', ...headers } : headers,
    });
    req.on('response', (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: data ? JSON.parse(data) : null }),
      );
    });
    req.on('error', reject);
    req.end(text);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** The measured user: registered, with a paper connection made by the app. */
async function measuredUser(server) {
  const agent = new http.Agent({ keepAlive: true });
  const name = `victim${Date.now()}`;
  const reg = await request(agent, `${server.url}/api/users/register`, {
    method: 'POST',
    body: { username: name, email: `${name}@example.com`, password: 'bench-password-1' },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const headers = { authorization: `Bearer ${reg.body.token}` };
  const connect = await request(agent, `${server.url}/api/users/exchanges`, {
    method: 'POST',
    headers,
    body: { exchangeId: 'hyperliquid', network: 'paper' },
  });
  if (connect.status !== 201) throw new Error(`connect paper: ${connect.status}`);
  return { agent, headers };
}

/** Signed flood actions for a funded key: `count` actions of 50 Ioc orders that fill. */
async function floodActions(server, count) {
  const agent = new http.Agent({ keepAlive: true });
  const key = generatePrivateKey();
  const user = addressOfPrivateKey(key);
  const funded = await request(agent, `${server.url}/paper/faucet`, {
    method: 'POST',
    body: { user },
  });
  if (funded.body?.status !== 'ok') throw new Error(`faucet: ${JSON.stringify(funded.body)}`);
  const mids = await request(agent, `${server.url}/paper/info`, {
    method: 'POST',
    body: { type: 'allMids' },
  });
  const mid = Number(mids.body.BTC);
  const size = (15 / mid).toFixed(5);
  const order = (k) => ({
    a: 0,
    b: k % 2 === 0,
    p: String(Math.round(mid * (k % 2 === 0 ? 1.05 : 0.95))),
    s: size,
    r: false,
    t: { limit: { tif: 'Ioc' } },
  });
  const action = {
    type: 'order',
    orders: Array.from({ length: ORDERS_PER_ACTION }, (_, k) => order(k)),
    grouping: 'na',
  };
  const wallet = walletFromPrivateKey(key);
  const first = Date.now();
  const envelopes = [];
  for (let k = 0; k < count; k += 1) {
    const nonce = first + k;
    const signature = await signL1Action({ wallet, action, nonce, isTestnet: true });
    envelopes.push({ action, nonce, signature });
  }
  return { agent, envelopes, next: 0, user, key };
}

/** A batch larger than the cap: how it is answered, and how fast. */
async function oversized(server, key) {
  const orders = Array.from({ length: 500 }, () => ({
    a: 0,
    b: true,
    p: '1',
    s: '1',
    r: false,
    t: { limit: { tif: 'Ioc' } },
  }));
  const action = { type: 'order', orders, grouping: 'na' };
  const nonce = Date.now() + 10_000_000;
  const signature = await signL1Action({
    wallet: walletFromPrivateKey(key),
    action,
    nonce,
    isTestnet: true,
  });
  const started = performance.now();
  const res = await request(undefined, `${server.url}/paper/exchange`, {
    method: 'POST',
    body: { action, nonce, signature },
  });
  return { ms: performance.now() - started, body: res.body };
}

/** Flood workers sending the signed actions until `stop.now`; tallies what they did. */
function startFlood(server, flood, stopper) {
  const tally = {
    actions: 0,
    filled: 0,
    otherStatuses: 0,
    failures: 0,
    latencies: [],
    ranOut: false,
  };
  const worker = async () => {
    while (!stopper.now) {
      // In nonce order: a nonce below the signer's 100 highest is refused.
      const envelope = flood.envelopes[flood.next++];
      if (!envelope) {
        tally.ranOut = true;
        return;
      }
      const started = performance.now();
      const res = await request(flood.agent, `${server.url}/paper/exchange`, {
        method: 'POST',
        body: envelope,
      }).catch(() => ({ status: 0 }));
      tally.latencies.push(performance.now() - started);
      const statuses = res.body?.response?.data?.statuses;
      if (res.status !== 200 || !Array.isArray(statuses)) {
        tally.failures += 1;
        tally.lastFailure = JSON.stringify(res.body ?? res.status).slice(0, 200);
        continue;
      }
      tally.actions += 1;
      for (const status of statuses) {
        if (status.filled) tally.filled += 1;
        else tally.otherStatuses += 1;
      }
    }
  };
  return { tally, done: Promise.all(Array.from({ length: FLOODERS }, worker)) };
}

/** Requests at a steady `rate` for DURATION_S, each timed from its due time. */
async function paced(rate, send) {
  const latencies = [];
  const failures = [];
  const interval = 1000 / rate;
  const count = Math.round(DURATION_S * rate);
  const start = performance.now() + 50;
  const pending = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      send(i).then(
        (res) => {
          latencies.push(performance.now() - due);
          if (res.status >= 300) failures.push(res.status);
        },
        () => failures.push('error'),
      ),
    );
  }
  await Promise.all(pending);
  return { ...summary(latencies), failures };
}

/** The measured user's two streams, side by side. */
async function measure(server, user) {
  const order = (i) =>
    request(user.agent, `${server.url}/api/exchange/order`, {
      method: 'POST',
      headers: user.headers,
      body: { symbol: 'BTC', side: i % 2 === 0 ? 'buy' : 'sell', size: 0.001, orderType: 'market' },
    });
  const health = () => request(user.agent, `${server.url}/api/health`);
  const [orders, checks] = await Promise.all([
    paced(ORDER_RATE, order),
    paced(HEALTH_RATE, health),
  ]);
  return { orders, health: checks };
}

async function runOn(label, env) {
  const dataDir = tempDir();
  const server = await startServer(label, opts.server, {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-app'),
    ...env,
  });
  try {
    const user = await measuredUser(server);
    // Enough signed actions for the whole flood at well above the rate the server reaches.
    const flood = await floodActions(server, Math.ceil((DURATION_S + 5) * 150));
    const tooBig = await oversized(server, flood.key);
    // Other work on the shared machine skews everything: wait for it, and record how busy it was.
    const background = await waitForCalm(120);
    console.log(`${label}: measuring without the flood (${DURATION_S} s)`);
    const quiet = await measure(server, user);
    console.log(`${label}: flooding with ${FLOODERS} parallel writers`);
    const stopper = { now: false };
    const { tally, done } = startFlood(server, flood, stopper);
    await sleep(WARM_UP_MS);
    const before = { ...tally, latencies: tally.latencies.length };
    const startedAt = performance.now();
    const flooded = await measure(server, user);
    const seconds = (performance.now() - startedAt) / 1000;
    const during = {
      actions: tally.actions - before.actions,
      filled: tally.filled - before.filled,
      latencies: summary(tally.latencies.slice(before.latencies)),
    };
    stopper.now = true;
    await done;
    return {
      label,
      quiet,
      flooded,
      seconds,
      during,
      tally,
      tooBig,
      background,
      logLines: server.logLines,
    };
  } finally {
    await stop(server);
    removeDir(dataDir);
  }
}

/** How the 500-order batch was answered, in one short line. */
function oversizedText({ ms, body }) {
  const statuses = body?.response?.data?.statuses;
  if (Array.isArray(statuses)) {
    return `not refused: worked through (${statuses.length} statuses) in ${fmtMs(ms)} ms`;
  }
  return `refused whole in ${fmtMs(ms)} ms: ${JSON.stringify(body).slice(0, 300)}`;
}

function rowsOf(run) {
  const fmt = (s) => `${fmtMs(s.p50)} / ${fmtMs(s.p99)}`;
  const fails = (s) =>
    s.failures.length ? `${s.failures.length} (${[...new Set(s.failures)]})` : '0';
  const writes = `${(run.during.actions / run.seconds).toFixed(0)} actions/s = ${(run.during.filled / run.seconds).toFixed(0)} filled orders/s; p50 / p99 ${fmt(run.during.latencies)} ms`;
  return [
    `| ${run.label} | \`POST /api/exchange/order\` (another user, ${ORDER_RATE}/s) | ${fmt(run.quiet.orders)} | ${fmt(run.flooded.orders)} | ${fails(run.quiet.orders)} / ${fails(run.flooded.orders)} | ${writes} |`,
    `| ${run.label} | \`GET /api/health\` (${HEALTH_RATE}/s) | ${fmt(run.quiet.health)} | ${fmt(run.flooded.health)} | ${fails(run.quiet.health)} / ${fails(run.flooded.health)} | |`,
  ];
}

async function main() {
  if (!existsSync(opts.server)) {
    throw new Error(`${opts.server} is missing: build first (npm run build)`);
  }
  const postgres = opts['no-postgres'] ? undefined : await createBenchDatabase();
  const startedAt = new Date();
  const runs = [await runOn('PGlite', {})];
  if (postgres) runs.push(await runOn('PostgreSQL', { DATABASE_URL: postgres.url }));
  const args = process.argv.slice(2).join(' ');
  const when = startedAt.toISOString().slice(0, 16).replace('T', ' ');
  const [first] = runs;
  const entry = [
    `## ${when} UTC: \`node bench/paper-flood.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Machine: ${machine(postgres?.version)}.`,
    `One client floods \`POST /paper/exchange\` with ${FLOODERS} requests always in flight, each a signed \`order\` action of ${ORDERS_PER_ACTION} Ioc orders (the most one action may carry) that all fill, on one paper account; meanwhile another user sends \`POST /api/exchange/order\` (a 0.001 BTC market order on their own paper account through the app's exchange proxy) at ${ORDER_RATE}/s and \`GET /api/health\` at ${HEALTH_RATE}/s for ${DURATION_S} s, open loop (latency from each request's due time), first without the flood, then during it (after a ${WARM_UP_MS / 1000} s warm-up). Everything runs on the same 2 cores (server, PostgreSQL, the bench). Server log lines at LOG_LEVEL=warn: ${runs.map((r) => `${r.label} ${r.logLines}`).join(', ')}. Cores busy with other work before each database's measurements (waited up to 2 minutes for less than 0.25): ${runs.map((r) => `${r.label} ${fmtCores(r.background)}`).join(', ')}.`,
    `A batch of 500 orders (what the issue's flood sent): ${oversizedText(first.tooBig)}.`,
    ...runs
      .filter((r) => r.tally.ranOut)
      .map((r) => `**${r.label}: the flood ran out of signed actions before the end.**`),
    ...runs
      .filter((r) => r.tally.failures > 0)
      .map(
        (r) =>
          `**${r.label}: ${r.tally.failures} flood actions failed**, the last with ${r.tally.lastFailure}.`,
      ),
    '',
    '| database | measured request | p50 / p99 without flood, ms | p50 / p99 during the flood, ms | failures: without / during | the flood (paper writes) during the measurement |',
    '|---|---|---:|---:|---|---|',
    ...runs.flatMap(rowsOf),
  ].join('\n');
  console.log(`\n${entry}`);
  if (!opts['no-record']) record(entry);
}

installCleanUp();
try {
  await main();
} catch (err) {
  console.error(`bench failed: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
