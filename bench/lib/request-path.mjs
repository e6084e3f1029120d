// request-path.mjs's parts: the floor and the app on one database, and the entry (issue 14's
// bars: the authenticated card read >= 70 % of the floor on each database; p99 < 25 ms at the
// fixed rate, paced, on PostgreSQL).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER } from './app.mjs';
import { QUIET_CORES } from './cpu.mjs';
import { coresText, fmtCores, fmtMs } from './format.mjs';
import { measureEndpoint } from './load.mjs';
import { startServer, stop } from './processes.mjs';
import { machine } from './report.mjs';

export const FLOOR = fileURLToPath(new URL('../floor.mjs', import.meta.url));
/** The card read's share of the floor that issue 14 asks for. */
export const FLOOR_SHARE_BAR = 0.7;

async function call(child, path, { method = 'GET', headers = {}, body } = {}) {
  const res = await fetch(child.url + path, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function expectOk(child, what, path, init, ok) {
  const res = await call(child, path, init);
  if (!ok(res)) {
    throw new Error(`${child.label}: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** The floor on one database: seeded at start, checked, measured, stopped. */
async function measureFloor(label, env, opts, dbCpu) {
  const child = await startServer(`${label} floor`, FLOOR, {
    ...env,
    FLOOR_ACCOUNTS: String(opts.connections),
  });
  child.dbCpu = dbCpu;
  const headers = { authorization: 'Bearer floor-token-0' };
  await expectOk(child, 'GET /floor/card', '/floor/card', { headers }, (r) => {
    return r.status === 200 && r.body?.data?.bingoPages?.length > 0;
  });
  await expectOk(child, 'GET /floor/card (no token)', '/floor/card', {}, (r) => r.status === 401);
  console.log(`  ${label}: floor (session row + board row)`);
  const result = await measureEndpoint(child, { path: '/floor/card', headers }, opts);
  await stop(child);
  return { db: label, endpoint: 'floor: bare Fastify, session row + board row', ...result };
}

/** The app on one database: one account, its card created, then the two reads measured. */
async function measureApp(label, env, opts, dbCpu) {
  const child = await startServer(label, SERVER, {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    WEB_DIST: join(env.DATA_DIR, 'no-web-app'),
    ...env,
  });
  child.dbCpu = dbCpu;
  const account = { username: 'pathbench', email: 'pathbench@example.com', password: 'bench-pw-1' };
  const session = await expectOk(
    child,
    'register',
    '/api/users/register',
    { method: 'POST', body: account },
    (r) => r.status === 201 && Boolean(r.body?.token),
  );
  const headers = { authorization: `Bearer ${session.token}` };
  // The first read creates the default card: the runs measure reads.
  await expectOk(child, 'GET /api/bingo/card', '/api/bingo/card', { headers }, (r) => {
    return r.status === 200 && r.body?.data?.bingoPages?.length > 0;
  });
  await expectOk(child, 'GET /api/users/me', '/api/users/me', { headers }, (r) => {
    return r.status === 200 && r.body?.username === account.username;
  });
  const rows = [];
  for (const path of ['/api/bingo/card', '/api/users/me']) {
    console.log(`  ${label}: GET ${path}`);
    const result = await measureEndpoint(child, { path, headers }, opts);
    rows.push({ db: label, endpoint: `\`GET ${path}\``, ...result });
  }
  await stop(child);
  if (child.logLines > 0) console.log(`  ${label}: the server logged ${child.logLines} line(s)`);
  return { rows, logLines: child.logLines };
}

/** Floor, card and me on one database (`env.floor`, `env.app`), in that order. */
export async function measureDatabase(label, env, opts, dbCpu) {
  const floor = await measureFloor(label, env.floor, opts, dbCpu);
  const app = await measureApp(label, env.app, opts, dbCpu);
  return { rows: [floor, ...app.rows.map((r) => ({ ...r, floor }))], logLines: app.logLines };
}

function verdict(row, opts) {
  if (!row.floor) return '';
  const misses = [];
  if (!(row.max.rps / row.floor.max.rps >= FLOOR_SHARE_BAR)) misses.push('throughput');
  if (row.db === 'PostgreSQL' && !(row.paced?.p99 < 25)) misses.push(`p99 at ${opts.rate}/s`);
  return misses.length ? `not met (${misses.join(', ')})` : 'met';
}

/** The Markdown entry: heading with the command, machine, notes, table. */
export function requestPathEntry({ startedAt, opts, pgVersion, backgroundLoad, logLines, rows }) {
  const args = process.argv.slice(2).join(' ');
  const logged = Object.entries(logLines)
    .map(([db, n]) => `${db} ${n}`)
    .join(', ');
  const disturbed = rows
    .filter((r) => r.max.cpu.other > QUIET_CORES || r.paced?.cpu.other > QUIET_CORES)
    .map((r) => `${r.db} ${r.endpoint.replace(/:.*/, '')}`);
  const share = (r) => (r.floor ? `${((100 * r.max.rps) / r.floor.max.rps).toFixed(0)}%` : '–');
  const failures = (r) => [r.max, r.paced].map((m) => (m ? m.failuresText : '–')).join(' / ');
  const { rate, connections } = opts;
  return [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: \`node bench/request-path.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Request path against its floor (issue 14). Machine: ${machine(pgVersion)}.`,
    `The floor (\`bench/floor.mjs\`) is a bare Fastify doing the two primary-key reads of an authenticated board read (session row by token hash, board row by user id) on the same database drivers; the app serves one account's \`GET /api/bingo/card\` and \`GET /api/users/me\` with a bearer token. Bar: the card read >= ${FLOOR_SHARE_BAR * 100} % of the floor on each database, and p99 < 25 ms at ${rate}/s (paced) on PostgreSQL.`,
    `${opts.duration} s per measurement after a ${Math.min(2, opts.duration)} s warm-up. Cores busy with other work before the run: ${fmtCores(backgroundLoad)}. Server log lines at LOG_LEVEL=warn: ${logged}.`,
    ...(disturbed.length
      ? [
          `**Disturbed:** other work took more than ${QUIET_CORES} cores during ${disturbed.join(', ')}.`,
        ]
      : []),
    '',
    `| database | endpoint | max req/s (${connections} conns) | % of floor | p99 at max, ms | cores busy at max: server / database / load gen / other | p99 at ${rate}/s paced, ms | errors + non-2xx: max / paced | bar |`,
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.endpoint} | ${r.max.rps.toFixed(0)} | ${share(r)} | ${fmtMs(r.max.p99)} | ${coresText(r.max.cpu)} | ` +
        `${r.paced ? fmtMs(r.paced.p99) : `– (max < ${rate}/s)`} | ${failures(r)} | ${verdict(r, opts)} |`,
    ),
    '',
  ].join('\n');
}
