// API benchmark (DESIGN.md section 5): the app's endpoints against a bare Fastify hello-world
// measured in the same run, on PGlite and on PostgreSQL. Each server runs in its own process;
// autocannon drives it from this one over loopback. Results are appended to RESULTS.md.
//
//   npm run bench                 (builds first)
//   node bench/api.mjs --duration 10 --no-postgres
import { fork } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 10);
const withPostgres = !args.includes('--no-postgres');
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** Starts a server script in a child process and resolves once it says it is ready. */
function startServer(script, env) {
  return new Promise((resolve, reject) => {
    const child = fork(here(script), [], { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** One autocannon run; `rate` fixes the offered load in requests per second. */
async function measure(url, { method = 'GET', headers = {}, body, rate, connections = 20 } = {}) {
  const result = await autocannon({
    url,
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors };
}

async function json(url, init) {
  const res = await fetch(url, { headers: { 'content-type': 'application/json' }, ...init });
  return res.json();
}

async function benchApp(label, env, port, baseline) {
  const child = await startServer('app-server.mjs', { ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  const user = { username: 'bencher', email: 'bencher@example.com', password: 'bench-password' };
  await fetch(`${base}/api/users/register`, { method: 'POST', body: JSON.stringify(user), headers: { 'content-type': 'application/json' } });
  const { token } = await json(`${base}/api/users/login`, {
    method: 'POST',
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  const auth = { authorization: `Bearer ${token}` };
  const rows = [];
  const me = await measure(`${base}/api/users/me`, { headers: auth });
  rows.push({ db: label, endpoint: 'GET /api/users/me', ...me, vsHello: me.rps / baseline.rps });
  const meAt500 = await measure(`${base}/api/users/me`, { headers: auth, rate: 500 });
  rows.push({ db: label, endpoint: 'GET /api/users/me @500 req/s', ...meAt500 });
  const login = await measure(`${base}/api/users/login`, {
    method: 'POST',
    body: { username: user.username, password: user.password },
    connections: 4,
  });
  rows.push({ db: label, endpoint: 'POST /api/users/login (argon2id)', ...login, vsHello: login.rps / baseline.rps });
  await stop(child);
  return rows;
}

async function freshPostgresUrl() {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS tb_bench');
  await admin.query('CREATE DATABASE tb_bench');
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = '/tb_bench';
  return url.toString();
}

const hello = await startServer('hello.mjs', { PORT: '3901' });
const baseline = await measure('http://127.0.0.1:3901/hello');
await stop(hello);
console.log('hello-world', baseline);

const dataDir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
const rows = [{ db: '-', endpoint: 'bare Fastify hello-world', ...baseline, vsHello: 1 }];
rows.push(...(await benchApp('PGlite', { DATA_DIR: dataDir }, 3902, baseline)));
rmSync(dataDir, { recursive: true, force: true });
if (withPostgres) {
  const pgDir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
  rows.push(...(await benchApp('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: await freshPostgresUrl() }, 3903, baseline)));
  rmSync(pgDir, { recursive: true, force: true });
}

const lines = [
  '',
  `## ${new Date().toISOString().slice(0, 10)}: \`node bench/api.mjs --duration ${duration}${withPostgres ? '' : ' --no-postgres'}\``,
  '',
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${duration} s per run, 20 connections unless noted, loopback.`,
  '',
  '| database | endpoint | req/s | p99 ms | errors | vs hello-world |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.db} | ${r.endpoint} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.vsHello === undefined ? '' : `${Math.round(r.vsHello * 100)}%`} |`,
  ),
];
console.log(lines.join('\n'));
appendFileSync(here('RESULTS.md'), `${lines.join('\n')}\n`);
