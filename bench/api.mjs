// API benchmark (DESIGN.md section 5): the app's endpoints against a bare Fastify hello-world
// measured in the same run, on PGlite and on PostgreSQL. Each server runs in its own process;
// the load comes from this process over loopback. See README.md for what is measured and how
// to read it. Results are recorded in RESULTS.md (newest first).
//
//   npm run bench                                  (from the repository root; builds first)
//   node api.mjs [--duration 10] [--no-postgres] [--no-record]   (from bench/, after a build)
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const USAGE = `Usage: node api.mjs [options]
  --duration N     seconds per measurement (default 10)
  --rate N         fixed offered load for the latency measurements, requests/s (default 500)
  --connections N  concurrent connections of the max-load runs (default 20)
  --retries N      measure a run again when other work disturbed it, up to N times (default 2)
  --no-postgres    skip PostgreSQL (PGlite only)
  --no-record      print the table but do not add it to RESULTS.md
  --help           this text
Environment: BENCH_DATABASE_URL, an admin URL of the PostgreSQL server
  (default postgres://postgres@127.0.0.1:5432/postgres); the bench creates and drops its own
  database there.`;

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const SERVER = here('../apps/server/dist/server.js');
const HELLO = here('hello.mjs');
const RESULTS = here('RESULTS.md');
/** Cores busy with other work above which a measurement counts as disturbed. */
const QUIET_CORES = 0.25;
const RESULTS_MARKER =
  '<!-- Entries below, newest first. api.mjs and startup.mjs insert new ones here. -->';

/* ------------------------------------------------------------------------------------------ */
/* Options                                                                                    */

function parseArgs(argv) {
  const opts = {
    duration: 10,
    rate: 500,
    connections: 20,
    retries: 2,
    postgres: true,
    record: true,
  };
  const numeric = {
    '--duration': 'duration',
    '--rate': 'rate',
    '--connections': 'connections',
    '--retries': 'retries',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--no-postgres') opts.postgres = false;
    else if (flag === '--no-record') opts.record = false;
    else if (flag in numeric) {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      const min = flag === '--retries' ? 0 : Number.MIN_VALUE;
      if (raw === undefined || raw === '' || !Number.isFinite(value) || value < min) {
        throw new UsageError(`${flag} needs a positive number, got ${raw ?? 'nothing'}`);
      }
      opts[numeric[flag]] = value;
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  opts.connections = Math.round(opts.connections);
  opts.retries = Math.round(opts.retries);
  return opts;
}

class UsageError extends Error {}

/* ------------------------------------------------------------------------------------------ */
/* Clean-up: everything this run creates is registered here and removed even on failure.      */

const children = new Set();
const tempDirs = new Set();
let database; // { adminUrl, name } while the bench database exists

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
  tempDirs.add(dir);
  return dir;
}

function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropDatabase() {
  if (!database) return;
  const { adminUrl, name } = database;
  database = undefined;
  // FORCE: a server killed mid-run may leave connections behind.
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all([...children].map((child) => stop(child)));
    await dropDatabase().catch((err) => {
      console.error(`could not drop the bench database: ${err.message}`);
      process.exitCode = 1;
    });
    for (const dir of tempDirs) removeDir(dir);
  })();
  return cleaning;
}

// Last resort when the process leaves without the async clean-up (an uncaught error, exit()).
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Servers                                                                                     */

/** A port that was free a moment ago (the server binds it right after). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Keys of the app server's configuration: never inherited from the caller's environment. */
const SERVER_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'APP_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'WEB_DIST',
  'TRUST_PROXY',
  'RATE_LIMIT_SCALE',
];

/**
 * Starts a server script in a child process; resolves once it sends 'ready'. Its output is
 * echoed with a prefix and counted: at LOG_LEVEL=warn any line is worth a look.
 */
async function startServer(label, script, env) {
  const port = await freePort();
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !SERVER_KEYS.includes(key)),
  );
  const child = fork(script, [], {
    env: { ...base, NODE_ENV: 'production', HOST: '127.0.0.1', ...env, PORT: String(port) },
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.add(child);
  child.label = label;
  child.logLines = 0;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        child.logLines += 1;
        if (child.logLines <= 50) console.error(`  [${label}] ${line}`);
        else if (child.logLines === 51) console.error(`  [${label}] (further output hidden)`);
      }
    });
  }
  child.on('exit', () => children.delete(child));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} not ready after 60 s`)), 60_000);
    child.on('message', (msg) => {
      if (msg === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited during start-up (${signal ?? `code ${code}`})`));
    });
  });
  child.url = `http://127.0.0.1:${port}`;
  return child;
}

function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM (the server closes its database), SIGKILL after 10 s. */
function stop(child) {
  if (!alive(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Load                                                                                        */

/**
 * `body` is a JSON value, or a function giving the next one (several accounts taking turns).
 * Returns the method, the headers and `nextBody()`, the JSON text of the next request's body.
 */
function requestInit({ method = 'GET', headers = {}, body } = {}) {
  const nextBody = () => {
    const value = typeof body === 'function' ? body() : body;
    return value === undefined ? undefined : JSON.stringify(value);
  };
  return {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    nextBody,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds used so far by a process (Linux /proc), or NaN elsewhere. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ
  } catch {
    return NaN;
  }
}

/** Busy CPU seconds of the whole machine so far (Linux /proc/stat), or NaN elsewhere. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // Interrupt time is left out: loopback traffic's softirq work is not charged to the
    // processes that cause it, and would show up as "other" work.
    const [user, nice, system, , , , , steal] = ticks.map(Number);
    return (user + nice + system + steal) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Starts measuring the cores in use: by the server, by its PostgreSQL backends (`child.dbCpu`),
 * by this process (the load generator) and by everything else. `read()` gives the averages.
 */
async function cpuMeter(child) {
  const dbBefore = child.dbCpu ? await child.dbCpu() : undefined;
  const before = {
    at: performance.now(),
    server: cpuSeconds(child.pid),
    bench: process.cpuUsage(),
    all: machineBusySeconds(),
  };
  return {
    async read() {
      const seconds = (performance.now() - before.at) / 1000;
      const bench = process.cpuUsage(before.bench);
      const cpu = {
        server: (cpuSeconds(child.pid) - before.server) / seconds,
        db: 0,
        loadGen: (bench.user + bench.system) / 1e6 / seconds,
        all: (machineBusySeconds() - before.all) / seconds,
      };
      if (dbBefore) {
        // Backends that appeared during the run count from their start.
        let used = 0;
        for (const [pid, s] of await child.dbCpu()) used += s - (dbBefore.get(pid) ?? 0);
        cpu.db = used / seconds;
      }
      cpu.other = Math.max(0, cpu.all - cpu.server - cpu.db - cpu.loadGen);
      return cpu;
    },
  };
}

/**
 * Waits (up to `maxSeconds`) until the machine has been quiet for 4 s, i.e. fewer than
 * QUIET_CORES cores busy: nothing of ours is running then. Returns the last load seen.
 */
async function waitForCalm(maxSeconds) {
  let load;
  let quiet = 0;
  for (let waited = 0; waited < maxSeconds && quiet < 2; waited += 2) {
    const before = machineBusySeconds();
    await sleep(2_000);
    load = (machineBusySeconds() - before) / 2;
    quiet = load > QUIET_CORES ? 0 : quiet + 1;
    if (waited === 0 && quiet === 0) {
      console.log(`    waiting for other work to finish (${fmtCores(load)} cores busy)`);
    }
  }
  return load;
}

function failureSummary(count, statusCodes) {
  if (count === 0) return '0';
  const bad = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}×${code}`);
  return `${count}${bad.length ? ` (${bad.join(', ')})` : ''}`;
}

/**
 * One autocannon run. Without `rate`: closed loop, `connections` requests always in flight
 * (throughput at max load). With `rate`: autocannon's overallRate.
 */
async function autocannonRun(child, path, request, { duration, connections, rate }) {
  const { method, headers, nextBody } = requestInit(request);
  const meter = await cpuMeter(child);
  const result = await autocannon({
    url: child.url + path,
    method,
    headers,
    body: nextBody(),
    // A body that changes per request is built anew for each one.
    ...(typeof request.body === 'function'
      ? { requests: [{ setupRequest: (req) => ({ ...req, body: nextBody() }) }] }
      : {}),
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (!alive(child)) throw new Error(`${child.label} died during the run`);
  const cpu = await meter.read();
  // `errors` already includes `timeouts`; non-2xx responses are counted apart.
  const failures = result.errors + result.non2xx;
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  if (result.errors) codes.error = result.errors;
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    p50: result.latency.p50,
    failures,
    failuresText: failureSummary(failures, codes),
    cpu,
  };
}

/**
 * Open-loop load at a steady `rate`: request i is due at start + i/rate whatever happened to
 * the earlier ones, and its latency counts from that due time (no coordinated omission).
 * autocannon's overallRate instead lets every connection send its per-second share back to
 * back at the start of each second (bursts), see README.md.
 */
async function pacedRun(child, path, request, { duration, rate }) {
  const { method, headers, nextBody } = requestInit(request);
  const meter = await cpuMeter(child);
  const url = new URL(child.url + path);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const latencies = [];
  const codes = {};
  let failures = 0;
  const start = performance.now() + 20;
  let sent = 0;
  let finished = 0;
  await new Promise((resolve) => {
    const done = (req, code, dueAt) => {
      if (req.counted) return; // a request can report both an error and an end
      req.counted = true;
      codes[code] = (codes[code] ?? 0) + 1;
      if (typeof code === 'number' && code >= 200 && code < 300) {
        latencies.push(performance.now() - dueAt);
      } else failures += 1;
      if (++finished === total) resolve();
    };
    const send = (dueAt) => {
      const req = http.request(url, { method, headers, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => done(req, res.statusCode, dueAt));
        res.on('error', () => done(req, 'error', dueAt));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(req, 'error', dueAt));
      req.end(nextBody());
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - now - 0.5));
    };
    setTimeout(tick, 20);
  });
  const elapsed = (performance.now() - start) / 1000;
  const cpu = await meter.read();
  agent.destroy();
  if (!alive(child)) throw new Error(`${child.label} died during the run`);
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  return {
    rps: latencies.length / elapsed,
    p99: pct(0.99),
    p50: pct(0.5),
    failures,
    failuresText: failureSummary(failures, codes),
    cpu,
  };
}

/**
 * Measures one endpoint: a short warm-up, max load, then the fixed rate with autocannon and
 * paced. The paced run is skipped when max throughput is below the rate: an open-loop queue
 * would only grow for the whole run.
 */
async function measureEndpoint(child, path, request, opts) {
  const { duration, connections, rate } = opts;
  const show = (what, r) =>
    console.log(
      `    ${what.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmtMs(r.p50)} ms  ` +
        `p99 ${fmtMs(r.p99)} ms  errors/non-2xx ${r.failuresText}` +
        (r.cpu ? `  cores busy: ${coresText(r.cpu)}` : ''),
    );
  // Requests the previous run left in flight (the client hangs up at its end, the server still
  // works them off) must not eat into the next one.
  const settle = () => sleep(1_000);
  // On a shared machine other work comes and goes: a run it disturbed is measured again, after
  // waiting for calm, and the least disturbed attempt is kept.
  const steady = async (what, run) => {
    let best;
    for (let attempt = 0; ; attempt++) {
      const r = await run();
      await settle();
      show(what, r);
      if (!best || r.cpu.other < best.cpu.other) best = r;
      if (!(r.cpu.other > QUIET_CORES) || attempt >= opts.retries) return best;
      console.log(`    disturbed by other work (${fmtCores(r.cpu.other)} cores): again`);
      await waitForCalm(60);
    }
  };
  await autocannonRun(child, path, request, { duration: Math.min(2, duration), connections });
  await settle();
  const max = await steady(`max (${connections} conns)`, () =>
    autocannonRun(child, path, request, { duration, connections }),
  );
  const burst = await steady(`${rate}/s autocannon`, () =>
    autocannonRun(child, path, request, { duration, connections, rate }),
  );
  let paced;
  if (max.rps >= rate) {
    paced = await steady(`${rate}/s paced`, () =>
      pacedRun(child, path, request, { duration, rate }),
    );
  } else console.log(`    ${rate}/s paced: skipped, max throughput is below ${rate} req/s`);
  return { max, burst, paced };
}

/* ------------------------------------------------------------------------------------------ */
/* The app                                                                                     */

async function call(child, path, request) {
  const { method, headers, nextBody } = requestInit(request);
  const res = await fetch(child.url + path, { method, headers, body: nextBody() });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** CPU seconds of each PostgreSQL backend serving the bench database (same machine). */
async function postgresCpu() {
  const { rows } = await adminQuery(
    database.adminUrl,
    `SELECT pid FROM pg_stat_activity WHERE datname = '${database.name}'`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]).filter(([, s]) => s >= 0));
}

async function benchApp(label, env, opts, dbCpu) {
  const child = await startServer(label, SERVER, {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    // API only: the web app (built or not, other work may be rebuilding it) is not measured.
    WEB_DIST: join(env.DATA_DIR, 'no-web-app'),
    ...env,
  });
  child.dbCpu = dbCpu;
  // One account per connection for the login runs: the per-account login limit (10 attempts
  // per 15 min, reset by a success) counts attempts still in flight, so 20 simultaneous logins
  // to one account get 429s that would measure the limiter, not the endpoint.
  const accounts = Array.from({ length: Math.max(1, opts.connections) }, (_, i) => ({
    username: `bencher${i}`,
    email: `bencher${i}@example.com`,
    password: `bench-password-${i}`,
  }));
  for (const account of accounts) {
    const registered = await call(child, '/api/users/register', { method: 'POST', body: account });
    if (registered.status !== 201) {
      throw new Error(
        `${label}: register answered ${registered.status} ${JSON.stringify(registered.body)}`,
      );
    }
  }
  const [user] = accounts;
  const login = await call(child, '/api/users/login', {
    method: 'POST',
    body: { username: user.username, password: user.password },
  });
  if (login.status !== 200 || !login.body?.token) {
    throw new Error(`${label}: login answered ${login.status} ${JSON.stringify(login.body)}`);
  }
  const auth = { headers: { authorization: `Bearer ${login.body.token}` } };
  const me = await call(child, '/api/users/me', auth);
  if (me.status !== 200 || me.body?.username !== user.username) {
    throw new Error(`${label}: GET /api/users/me answered ${me.status} ${JSON.stringify(me.body)}`);
  }
  let turn = 0;
  const credentials = () => {
    const { username, password } = accounts[turn++ % accounts.length];
    return { username, password };
  };

  const rows = [];
  console.log(`  ${label}: GET /api/users/me`);
  rows.push({
    db: label,
    endpoint: '`GET /api/users/me` (JWT + session lookup)',
    ...(await measureEndpoint(child, '/api/users/me', auth, opts)),
  });
  console.log(`  ${label}: POST /api/users/login`);
  rows.push({
    db: label,
    endpoint: '`POST /api/users/login` (argon2id verify + session insert)',
    ...(await measureEndpoint(
      child,
      '/api/users/login',
      { method: 'POST', body: credentials },
      opts,
    )),
  });
  await stop(child);
  if (child.logLines > 0) console.log(`  ${label}: the server logged ${child.logLines} line(s)`);
  return { rows, logLines: child.logLines };
}

/* ------------------------------------------------------------------------------------------ */
/* Report                                                                                      */

function fmtCores(n) {
  return Number.isFinite(n) ? n.toFixed(1) : '?';
}

/** Cores in use: the app server, PostgreSQL's backends, this process, everything else. */
function coresText(cpu) {
  return [cpu.server, cpu.db, cpu.loadGen, cpu.other].map(fmtCores).join(' / ');
}

function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '–';
  return ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}

function commandLine() {
  const args = process.argv.slice(2).join(' ');
  if (process.env.npm_lifecycle_event === 'bench') {
    return `npm run bench${args ? ` -- ${args}` : ''}`;
  }
  return `node bench/api.mjs${args ? ` ${args}` : ''}`;
}

function machine(pgVersion) {
  const cpu = cpus();
  const pkg = (p) => JSON.parse(readFileSync(here(p), 'utf8')).version;
  const dep = (name) => {
    for (const p of [`../node_modules/${name}/package.json`, `node_modules/${name}/package.json`]) {
      if (existsSync(here(p))) return pkg(p);
    }
    return '?';
  };
  return [
    `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${type()} ${release()}`,
    `Node ${process.version}, Fastify ${dep('fastify')}, PGlite ${dep('@electric-sql/pglite')}, ${pgVersion ?? 'PostgreSQL not measured'}, autocannon ${dep('autocannon')}`,
  ].join('; ');
}

/** DESIGN.md section 5: >= 50 % of hello-world and p99 < 25 ms at the fixed rate (paced). */
function verdict(row, hello) {
  const share = row.max.rps / hello.max.rps;
  const p99 = row.paced?.p99;
  const misses = [];
  if (!(share >= 0.5)) misses.push('throughput');
  if (!(p99 < 25)) misses.push('p99');
  return misses.length ? `not met (${misses.join(', ')})` : 'met';
}

function table(hello, rows, opts) {
  const { rate, connections } = opts;
  const failures = (r) =>
    [r.max, r.paced, r.burst].map((m) => (m ? m.failuresText : '–')).join(' / ');
  const share = (r) => {
    const x = r.max.rps / hello.max.rps;
    return `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;
  };
  const lines = [
    `| database | endpoint | max req/s (${connections} conns) | % of hello-world | p99 at max, ms | cores busy at max: server / database / load gen / other | p99 at ${rate}/s paced, ms | p99 at ${rate}/s autocannon overallRate, ms (req/s reached) | errors + non-2xx: max / paced / overallRate | DESIGN §5 bar |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of [hello, ...rows]) {
    lines.push(
      `| ${r.db} | ${r.endpoint} | ${r.max.rps.toFixed(0)} | ${share(r)} | ${fmtMs(r.max.p99)} | ${coresText(r.max.cpu)} | ` +
        `${r.paced ? fmtMs(r.paced.p99) : `– (max < ${rate}/s)`} | ` +
        `${fmtMs(r.burst.p99)} (${r.burst.rps.toFixed(0)}) | ${failures(r)} | ` +
        `${r === hello ? '' : verdict(r, hello)} |`,
    );
  }
  return lines;
}

function record(entry) {
  const header = `# API benchmark results\n\nWritten by \`bench/api.mjs\`; see README.md for how to read them.\n\n${RESULTS_MARKER}\n`;
  const old = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : header;
  const at = old.indexOf(RESULTS_MARKER);
  const [head, rest] =
    at === -1
      ? [old, '']
      : [old.slice(0, at + RESULTS_MARKER.length), old.slice(at + RESULTS_MARKER.length)];
  // With the marker, newest first; without it (edited by hand), at the end.
  const parts = at === -1 ? [head, entry] : [head, entry, rest];
  writeFileSync(
    RESULTS,
    `${parts
      .map((p) => p.trim())
      .filter(Boolean)
      .join('\n\n')}\n`,
  );
}

/* ------------------------------------------------------------------------------------------ */

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(SERVER)) {
    throw new Error(
      `${SERVER} is missing: build first (npm run build, or npm run bench from the root)`,
    );
  }

  // Fail fast when PostgreSQL is wanted but unreachable, before a minute of PGlite runs.
  let pgUrl;
  let pgVersion;
  if (opts.postgres) {
    const adminUrl =
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `tb_bench_${process.pid}`;
    try {
      const { rows } = await adminQuery(adminUrl, 'SHOW server_version');
      pgVersion = `PostgreSQL ${rows[0].server_version.split(' ')[0]}`;
      await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    } catch (err) {
      throw new Error(
        `PostgreSQL at ${adminUrl} is not usable (${err.message}); set BENCH_DATABASE_URL or pass --no-postgres`,
      );
    }
    database = { adminUrl, name };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    pgUrl = url.toString();
  }

  // Other work on the machine skews everything: wait for it to calm down, and record how busy
  // the machine was.
  const backgroundLoad = await waitForCalm(60);
  if (backgroundLoad > QUIET_CORES) {
    console.warn(`warning: ${fmtCores(backgroundLoad)} cores busy with other work before the run`);
  }

  const startedAt = new Date();
  console.log(
    `API benchmark: ${opts.duration} s per measurement, ${opts.connections} connections at max load, ${opts.rate} req/s fixed load`,
  );
  console.log('  bare Fastify hello-world: GET /hello');
  const helloServer = await startServer('hello-world', HELLO, {});
  const hello = {
    db: '–',
    endpoint: 'bare Fastify hello-world (baseline)',
    ...(await measureEndpoint(helloServer, '/hello', {}, opts)),
  };
  await stop(helloServer);

  const rows = [];
  const logLines = {};
  const pgliteDir = tempDir();
  const pglite = await benchApp('PGlite', { DATA_DIR: pgliteDir }, opts);
  rows.push(...pglite.rows);
  logLines.PGlite = pglite.logLines;
  removeDir(pgliteDir);
  if (pgUrl) {
    const dataDir = tempDir();
    const postgres = await benchApp(
      'PostgreSQL',
      { DATA_DIR: dataDir, DATABASE_URL: pgUrl },
      opts,
      postgresCpu,
    );
    rows.push(...postgres.rows);
    logLines.PostgreSQL = postgres.logLines;
    removeDir(dataDir);
  }

  const logged = Object.entries(logLines)
    .map(([db, n]) => `${db} ${n}`)
    .join(', ');
  const disturbed = [];
  for (const r of [hello, ...rows]) {
    const name = `${r.db === '–' ? '' : `${r.db} `}${r.endpoint.replace(/ \(.*/, '')}`;
    for (const [run, m] of [
      ['max', r.max],
      ['paced', r.paced],
    ]) {
      if (m?.cpu.other > QUIET_CORES) disturbed.push(`${name} ${run} (${fmtCores(m.cpu.other)})`);
    }
  }
  const entry = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: \`${commandLine()}\``,
    '',
    `Machine: ${machine(pgVersion)}.`,
    `The load generator (autocannon, in the bench process) runs on the same ${cpus().length} cores as the server and takes a good part of them at max load: the numbers are lower bounds for a server with the cores to itself, and hello-world is held back the most.`,
    `${opts.duration} s per measurement after a ${Math.min(2, opts.duration)} s warm-up. Cores busy with other work before the run: ${fmtCores(backgroundLoad)}; a run that other work disturbed (more than ${QUIET_CORES} cores) was measured again up to ${opts.retries} times, keeping the least disturbed. Server log lines at LOG_LEVEL=warn: ${logged}.`,
    ...(disturbed.length
      ? [
          `**Disturbed:** other work took more than ${QUIET_CORES} cores during ${disturbed.join(', ')}; those numbers understate the server.`,
        ]
      : []),
    '',
    ...table(hello, rows, opts),
    '',
  ].join('\n');
  console.log(`\n${entry}`);
  if (opts.record) {
    record(entry);
    console.log(`recorded in ${RESULTS}`);
  }
}

try {
  await main();
} catch (err) {
  console.error(
    err instanceof UsageError ? `${err.message}\n\n${USAGE}` : `bench failed: ${err.stack ?? err}`,
  );
  process.exitCode = err instanceof UsageError ? 2 : 1;
} finally {
  await cleanUp();
}
// autocannon and keep-alive agents may hold handles open; the run is over.
process.exit();
