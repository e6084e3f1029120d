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
const RESULTS_MARKER = '<!-- Entries below, newest first. api.mjs inserts new ones here. -->';

/* ------------------------------------------------------------------------------------------ */
/* Options                                                                                    */

function parseArgs(argv) {
  const opts = { duration: 10, rate: 500, connections: 20, postgres: true, record: true };
  const numeric = { '--duration': 'duration', '--rate': 'rate', '--connections': 'connections' };
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
      if (raw === undefined || !Number.isFinite(value) || value <= 0) {
        throw new UsageError(`${flag} needs a positive number, got ${raw ?? 'nothing'}`);
      }
      opts[numeric[flag]] = value;
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  opts.connections = Math.round(opts.connections);
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

function requestInit({ method = 'GET', headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return {
    method,
    headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: payload,
  };
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
  const { method, headers, body } = requestInit(request);
  const result = await autocannon({
    url: child.url + path,
    method,
    headers,
    body,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (!alive(child)) throw new Error(`${child.label} died during the run`);
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
  };
}

/**
 * Open-loop load at a steady `rate`: request i is due at start + i/rate whatever happened to
 * the earlier ones, and its latency counts from that due time (no coordinated omission).
 * autocannon's overallRate instead lets every connection send its per-second share back to
 * back at the start of each second (bursts), see README.md.
 */
async function pacedRun(child, path, request, { duration, rate }) {
  const { method, headers, body } = requestInit(request);
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
    const done = (code, dueAt) => {
      codes[code] = (codes[code] ?? 0) + 1;
      if (typeof code === 'number' && code >= 200 && code < 300) {
        latencies.push(performance.now() - dueAt);
      } else failures += 1;
      if (++finished === total) resolve();
    };
    const send = (dueAt) => {
      const req = http.request(url, { method, headers, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode, dueAt));
        res.on('error', () => done('error', dueAt));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done('error', dueAt));
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - now - 0.5));
    };
    setTimeout(tick, 20);
  });
  const elapsed = (performance.now() - start) / 1000;
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
        `p99 ${fmtMs(r.p99)} ms  errors/non-2xx ${r.failuresText}`,
    );
  await autocannonRun(child, path, request, { duration: Math.min(2, duration), connections });
  const max = await autocannonRun(child, path, request, { duration, connections });
  show(`max (${connections} conns)`, max);
  const burst = await autocannonRun(child, path, request, { duration, connections, rate });
  show(`${rate}/s autocannon`, burst);
  let paced;
  if (max.rps >= rate) {
    paced = await pacedRun(child, path, request, { duration, rate });
    show(`${rate}/s paced`, paced);
  } else console.log(`    ${rate}/s paced: skipped, max throughput is below ${rate} req/s`);
  return { max, burst, paced };
}

/* ------------------------------------------------------------------------------------------ */
/* The app                                                                                     */

async function call(child, path, request) {
  const res = await fetch(child.url + path, requestInit(request));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function benchApp(label, env, opts) {
  const child = await startServer(label, SERVER, {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    // API only: the web app (built or not, other work may be rebuilding it) is not measured.
    WEB_DIST: join(env.DATA_DIR, 'no-web-app'),
    ...env,
  });
  const user = { username: 'bencher', email: 'bencher@example.com', password: 'bench-password-1' };
  const credentials = { username: user.username, password: user.password };
  const registered = await call(child, '/api/users/register', { method: 'POST', body: user });
  if (registered.status !== 201) {
    throw new Error(`${label}: register answered ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  const login = await call(child, '/api/users/login', { method: 'POST', body: credentials });
  if (login.status !== 200 || !login.body?.token) {
    throw new Error(`${label}: login answered ${login.status} ${JSON.stringify(login.body)}`);
  }
  const auth = { headers: { authorization: `Bearer ${login.body.token}` } };
  const me = await call(child, '/api/users/me', auth);
  if (me.status !== 200 || me.body?.username !== user.username) {
    throw new Error(`${label}: GET /api/users/me answered ${me.status} ${JSON.stringify(me.body)}`);
  }

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
    ...(await measureEndpoint(child, '/api/users/login', { method: 'POST', body: credentials }, opts)),
  });
  await stop(child);
  if (child.logLines > 0) console.log(`  ${label}: the server logged ${child.logLines} line(s)`);
  return { rows, logLines: child.logLines };
}

/* ------------------------------------------------------------------------------------------ */
/* Report                                                                                      */

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

function verdict(row, hello, rate) {
  const share = row.max.rps / hello.max.rps;
  const p99 = row.paced?.p99;
  const ok = share >= 0.5 && Number.isFinite(p99) && p99 < 25;
  return ok ? 'met' : 'not met';
}

function table(hello, rows, opts) {
  const { rate, connections } = opts;
  const failures = (r) =>
    [r.max, r.burst, r.paced].map((m) => (m ? m.failuresText : '–')).join(' / ');
  const lines = [
    `| database | endpoint | max req/s (${connections} conns) | % of hello-world | p99 at max, ms | p99 at ${rate}/s paced, ms | p99 at ${rate}/s autocannon overallRate, ms (req/s reached) | errors + non-2xx (max / paced / overallRate) | bar |`,
    '|---|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of [hello, ...rows]) {
    const share = r === hello ? '100%' : `${((100 * r.max.rps) / hello.max.rps).toFixed(r.max.rps / hello.max.rps < 0.1 ? 1 : 0)}%`;
    lines.push(
      `| ${r.db} | ${r.endpoint} | ${r.max.rps.toFixed(0)} | ${share} | ${fmtMs(r.max.p99)} | ` +
        `${r.paced ? fmtMs(r.paced.p99) : `– (max < ${rate}/s)`} | ` +
        `${fmtMs(r.burst.p99)} (${r.burst.rps.toFixed(0)}) | ${failures(r)} | ` +
        `${r === hello ? '' : verdict(r, hello, rate)} |`,
    );
  }
  return lines;
}

function record(entry) {
  const header = `# API benchmark results\n\nWritten by \`bench/api.mjs\`; see README.md for how to read them.\n\n${RESULTS_MARKER}\n`;
  const old = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : header;
  const at = old.indexOf(RESULTS_MARKER);
  const next =
    at === -1
      ? `${old.trimEnd()}\n\n${entry}`
      : `${old.slice(0, at + RESULTS_MARKER.length)}\n\n${entry}\n${old.slice(at + RESULTS_MARKER.length).replace(/^\n+/, '\n')}`;
  writeFileSync(RESULTS, `${next.trimEnd()}\n`);
}

/* ------------------------------------------------------------------------------------------ */

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(SERVER)) {
    throw new Error(`${SERVER} is missing: build first (npm run build, or npm run bench from the root)`);
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
    const postgres = await benchApp('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: pgUrl }, opts);
    rows.push(...postgres.rows);
    logLines.PostgreSQL = postgres.logLines;
    removeDir(dataDir);
  }

  const logged = Object.entries(logLines)
    .map(([db, n]) => `${db} ${n}`)
    .join(', ');
  const entry = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: \`${commandLine()}\``,
    '',
    `Machine: ${machine(pgVersion)}.`,
    `The load generator (autocannon, in the bench process) runs on the same ${cpus().length} cores as the server and takes a good part of them at max load: the numbers are lower bounds for a server with the cores to itself, and hello-world is held back the most.`,
    `${opts.duration} s per measurement after a ${Math.min(2, opts.duration)} s warm-up; server log lines at LOG_LEVEL=warn: ${logged}.`,
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
  console.error(err instanceof UsageError ? `${err.message}\n\n${USAGE}` : `bench failed: ${err.stack ?? err}`);
  process.exitCode = err instanceof UsageError ? 2 : 1;
} finally {
  await cleanUp();
}
// autocannon and keep-alive agents may hold handles open; the run is over.
process.exit();
