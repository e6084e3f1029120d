// Leaderboard benchmark: GET /api/leaderboard (public; one SQL query over users, trades and
// subscriptions, see apps/server/src/modules/leaderboard/leaderboard.repository.ts) on a
// realistic volume, on PGlite and on PostgreSQL. Per database: the server starts once to apply
// its migrations and stops; the data is written in bulk with SQL (PGlite: from a child process,
// the server's data folder lock keeps two processes off one folder); EXPLAIN ANALYZE times the
// query itself; the server starts again with its leaderboard cache off, every sort key and
// direction is checked, then each sort key is measured at fixed concurrencies; last, the default
// sort with the server's default cache. See README.md; results go into RESULTS.md.
//
//   node bench/leaderboard.mjs [--users 2000] [--trades-per-user 50] [--duration 10]
//                              [--connections 1,10] [--no-postgres] [--no-record]
// (after a build: npm run build, or npx tsc -b apps/server)
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SERVER } from './lib/app.mjs';
import { buildStamp, checkServerBuild, leaderboardCacheDefault } from './lib/build-check.mjs';
import { installCleanUp, runBench } from './lib/cleanup.mjs';
import { measureClosedLoop } from './lib/closed-loop.mjs';
import { QUIET_CORES, waitForCalm } from './lib/cpu.mjs';
import { coresText, fmtCores, fmtMs } from './lib/format.mjs';
import {
  COUNT_SQL,
  LIMIT,
  QUERY_SOURCE,
  answerProblem,
  expectedCounts,
  explainQuery,
  leaderboardQuery,
  seedStatements,
} from './lib/leaderboard-data.mjs';
import { createBenchDatabase, postgresCpu } from './lib/postgres.mjs';
import { children, removeDir, startServer, stop, tempDir } from './lib/processes.mjs';
import { UsageError } from './lib/options.mjs';
import { machine, printEntry } from './lib/report.mjs';

const SORTS = ['trades', 'winrate', 'gain', 'rr'];
const DIRECTIONS = ['desc', 'asc'];
/** The p99 above which the bench calls the endpoint slow and shows the plan. */
const SLOW_P99_MS = 100;
const PGLITE_SEED = fileURLToPath(new URL('lib/pglite-seed.mjs', import.meta.url));

const USAGE = `Usage: node bench/leaderboard.mjs [options]
  --users N            users (default 2000; every 10th is off the leaderboard)
  --trades-per-user N  closed trades per user on average (default 50; 1 to 2N-1 each)
  --duration N         seconds per measurement, after a 2 s warm-up (default 10)
  --connections LIST   concurrencies, comma-separated (default 1,10)
  --retries N          measure a run again when other work disturbed it, up to N times (default 2)
  --no-postgres        skip PostgreSQL (PGlite only)
  --no-record          print the entry but do not add it to RESULTS.md
  --help               this text
Environment: BENCH_DATABASE_URL, an admin URL of the PostgreSQL server
  (default postgres://postgres@127.0.0.1:5432/postgres); the bench creates and drops its own
  database there.`;

function options(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        users: { type: 'string', default: '2000' },
        'trades-per-user': { type: 'string', default: '50' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '1,10' },
        retries: { type: 'string', default: '2' },
        'no-postgres': { type: 'boolean', default: false },
        'no-record': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err.message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const integer = (flag, min, max = Infinity) => {
    const raw = values[flag];
    const n = Number(raw);
    if (raw === '' || !Number.isInteger(n) || n < min || n > max) {
      throw new UsageError(`--${flag} needs a whole number from ${min} to ${max}, got ${raw}`);
    }
    return n;
  };
  const duration = Number(values.duration);
  if (!(duration > 0)) throw new UsageError(`--duration needs a positive number of seconds`);
  const connections = values.connections.split(',').map((c) => Number(c.trim()));
  if (!connections.every((c) => Number.isInteger(c) && c > 0)) {
    throw new UsageError(`--connections needs positive whole numbers, got ${values.connections}`);
  }
  return {
    // Usernames are trader000001..trader999999.
    users: integer('users', 1, 999_999),
    tradesPerUser: integer('trades-per-user', 1, 100_000),
    duration,
    connections,
    retries: integer('retries', 0),
    postgres: !values['no-postgres'],
    record: !values['no-record'],
  };
}

/** Resolves with the child's next IPC message; rejects when it exits first or reports an error. */
function nextMessage(child, what) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      child.off('exit', onExit);
      if (message?.error) reject(new Error(`${what}: ${message.error}`));
      else resolve(message);
    };
    const onExit = (code, signal) => {
      child.off('message', onMessage);
      reject(new Error(`${what}: the process exited (${signal ?? `code ${code}`})`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * PGlite: seeds the folder from a child process while no server runs. Returns the seeding time
 * and counts, and `explain()`, which times the query in that process and lets it exit.
 */
async function seedPglite(pgliteDir, opts) {
  const child = fork(PGLITE_SEED, [pgliteDir, String(opts.users), String(opts.tradesPerUser)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const { seeded } = await nextMessage(child, 'PGlite seeding');
  return {
    ...seeded,
    explain: async () => {
      const answer = nextMessage(child, 'PGlite EXPLAIN');
      child.send('explain');
      const { explain } = await answer;
      await stop(child);
      return explain;
    },
  };
}

/** PostgreSQL: seeds with `pg` in one transaction, then VACUUM ANALYZE (autovacuum would). */
async function seedPostgres(url, opts) {
  const client = new pg.Client({ connectionString: url });
  // The clean-up drops the database WITH (FORCE), which ends this connection.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    for (const statement of seedStatements(opts)) await client.query(statement);
    await client.query('commit');
    await client.query('vacuum analyze');
    const seconds = (performance.now() - started) / 1000;
    const [counts] = (await client.query(COUNT_SQL)).rows;
    return { seconds, counts };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function explainPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const query = await leaderboardQuery('gain', 'desc');
    return await explainQuery(async (sql, params) => (await client.query(sql, params)).rows, query);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every sort key in both directions: 200, the expected number of rows, in order, ranked. */
async function checkAnswers(server, expectedRows) {
  for (const sort of SORTS) {
    for (const direction of DIRECTIONS) {
      const path = `/api/leaderboard?sort=${sort}&direction=${direction}&verified=false`;
      const res = await fetch(server.url + path);
      const body = await res.text();
      if (res.status !== 200)
        throw new Error(`${server.label}: ${path} answered ${res.status} ${body}`);
      const problem = answerProblem(JSON.parse(body), sort, direction, expectedRows);
      if (problem) throw new Error(`${server.label}: ${path}: ${problem}`);
    }
  }
}

/** Starts the server, unless someone rebuilt it since the run began (it would mix two builds). */
function startBuilt(label, env, build) {
  if (buildStamp(SERVER) !== build.stamp) {
    throw new Error(`${SERVER} was rebuilt during the run: run the bench again`);
  }
  return startServer(label, SERVER, env);
}

/** The cache column: off, or the server's default. */
function cacheText(ms) {
  if (ms === undefined) return 'none in this build';
  if (ms === 0) return 'off';
  return Number.isFinite(ms) ? `${fmtMs(ms / 1000)} s (default)` : 'default';
}

/** One database: migrate, seed, EXPLAIN, check, measure without and with the server's cache. */
async function benchDatabase(label, env, dbCpu, opts) {
  const { build } = opts;
  const dataDir = tempDir();
  const serverEnv = {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    // API only: the web app (built or not) is not measured.
    WEB_DIST: join(dataDir, 'no-web-app'),
    DATA_DIR: dataDir,
    // Every request runs the query (the cached runs come last).
    LEADERBOARD_CACHE_MS: '0',
    ...env,
  };
  console.log(`${label}: migrations (server start and stop)`);
  let server = await startBuilt(label, serverEnv, build);
  await stop(server);
  let logLines = server.logLines;

  console.log(`${label}: seeding ${opts.users} users × ${opts.tradesPerUser} closed trades`);
  const seeded = env.DATABASE_URL
    ? await seedPostgres(env.DATABASE_URL, opts)
    : await seedPglite(join(dataDir, 'pglite'), opts);
  const expected = expectedCounts(opts);
  for (const key of ['users', 'closed', 'open']) {
    if (seeded.counts[key] !== expected[key]) {
      throw new Error(`${label}: seeded ${seeded.counts[key]} ${key}, expected ${expected[key]}`);
    }
  }
  console.log(
    `  ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}; EXPLAIN ANALYZE of gain desc`,
  );
  const calm = await waitForCalm(30);
  const explain = env.DATABASE_URL
    ? await explainPostgres(env.DATABASE_URL)
    : await seeded.explain();
  explain.otherLoad = calm;
  console.log(
    `  execution ${explain.executions.map(fmtMs).join(', ')} ms (median ${fmtMs(explain.execution)})`,
  );

  const expectedRows = Math.min(LIMIT, seeded.counts.listed);
  const rows = [];
  const measure = async (sorts, cacheMs) => {
    // LEADERBOARD_CACHE_MS undefined: not passed on, the server's default applies.
    const cacheEnv = { LEADERBOARD_CACHE_MS: cacheMs === 0 ? '0' : undefined };
    server = await startBuilt(label, { ...serverEnv, ...cacheEnv }, build);
    server.dbCpu = dbCpu;
    await checkAnswers(server, expectedRows);
    for (const sort of sorts) {
      const path = `/api/leaderboard?sort=${sort}&direction=desc&verified=false`;
      console.log(`  ${label}: GET ${path}, cache ${cacheText(cacheMs)}`);
      for (const connections of opts.connections) {
        const r = await measureClosedLoop(server, path, { ...opts, connections });
        const cached = cacheMs !== 0;
        rows.push({ db: label, sort, cache: cacheText(cacheMs), cached, connections, ...r });
      }
    }
    await stop(server);
    logLines += server.logLines;
  };
  await measure(SORTS, 0);
  if (build.cacheMs !== undefined) await measure(['gain'], build.cacheMs);
  if (logLines > 0) console.log(`  ${label}: the server logged ${logLines} line(s)`);
  removeDir(dataDir);
  return { label, seeded, explain, expectedRows, rows, logLines };
}

function commandLine() {
  const args = process.argv.slice(2).join(' ');
  return `node bench/leaderboard.mjs${args ? ` ${args}` : ''}`;
}

const int = (n) => n.toLocaleString('en-US');
const range = (xs, fmt = fmtMs) => {
  const [lo, hi] = [fmt(Math.min(...xs)), fmt(Math.max(...xs))];
  return lo === hi ? lo : `${lo}–${hi}`;
};

/** What the figures say: service time against the query's own time, the cache, slow runs. */
function reading(results, opts) {
  const fewest = Math.min(...opts.connections);
  const most = Math.max(...opts.connections);
  const conns = (n) => `${n} connection${n === 1 ? '' : 's'}`;
  const rps = (rows) =>
    range(
      rows.map((r) => r.rps),
      (n) => n.toFixed(0),
    );
  const name = (r) => `${r.db} ${r.sort}${r.cached ? ' cached' : ''} at ${r.connections}`;
  const sentences = results.map(({ label, rows, explain }) => {
    const at = (n) => rows.filter((r) => !r.cached && r.connections === n);
    const throughput = most === fewest ? '' : `, ${rps(at(most))} req/s at ${conns(most)}`;
    return `${label} p50 ${range(at(fewest).map((r) => r.p50))} ms at ${conns(fewest)} (the query alone, EXPLAIN ANALYZE: ${range(explain.executions)} ms)${throughput}`;
  });
  const cached = results.flatMap(({ label, rows }) => {
    const own = rows.filter((r) => r.cached);
    if (own.length === 0) return [];
    const parts = own.map(
      (r) =>
        `${r.rps.toFixed(0)} req/s, p50 ${fmtMs(r.p50)} ms, p99 ${fmtMs(r.p99)} ms at ${conns(r.connections)}`,
    );
    return [`${label} ${parts.join('; ')}`];
  });
  const slow = results
    .flatMap(({ rows }) => rows)
    .filter((r) => r.p99 > SLOW_P99_MS)
    .map((r) => `${name(r)} (${fmtMs(r.p99)} ms)`);
  return [
    `Reading, cache off: ${sentences.join('; ')}. Every request aggregates all ${int(opts.users * opts.tradesPerUser)} closed trades whatever the sort (sequential scan and hash aggregate, see the plans): the time grows with the total number of trades, not with the ${LIMIT} rows shown, and requests beyond what the database can run at once queue.`,
    ...(cached.length
      ? [
          `With the server's default cache (LEADERBOARD_CACHE_MS unset, ${cacheText(opts.build.cacheMs).replace(' (default)', '')}: one query per ranking and period, the rest from memory), gain: ${cached.join('; ')}.`,
        ]
      : []),
    slow.length
      ? `p99 above ${SLOW_P99_MS} ms: ${slow.join(', ')}.`
      : `No p99 above ${SLOW_P99_MS} ms.`,
  ];
}

function entryText({ startedAt, opts, pgVersion, backgroundLoad, results }) {
  const [first] = results;
  const counts = first.seeded.counts;
  const disturbed = results
    .flatMap(({ rows }) => rows)
    .filter((r) => r.cpu.other > QUIET_CORES)
    .map(
      (r) =>
        `${r.db} ${r.sort}${r.cached ? ' cached' : ''} at ${r.connections} (${fmtCores(r.cpu.other)})`,
    );
  const lines = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: \`${commandLine()}\``,
    '',
    `Machine: ${machine(pgVersion)}.`,
    `Data (the same on each database): ${int(counts.users)} users, ${int(counts.listed)} of them on the leaderboard; ${int(counts.closed)} closed trades (TARGET_HIT / STOPLOSS_HIT, 1 to ${2 * opts.tradesPerUser - 1} per user, ${opts.tradesPerUser} on average), ${int(counts.open)} open ones; ${int(counts.subscriptions)} subscriptions. Written with SQL in ${results.map((r) => `${r.seeded.seconds.toFixed(0)} s (${r.label})`).join(', ')}, then VACUUM ANALYZE.`,
    `\`GET /api/leaderboard?sort=<key>&direction=desc\`, every key with the server's leaderboard cache off (\`LEADERBOARD_CACHE_MS=0\`: each request runs the query), then gain with the server's default cache; checked first for every key in both directions (200, ${first.expectedRows} rows, order, competition ranks, no hidden user). Closed loop (autocannon, in the bench process, on the same cores) at concurrency ${opts.connections.join(' and ')}, ${opts.duration} s per measurement after a 2 s warm-up; latencies of 2xx responses, exact percentiles. Cores busy with other work before the run: ${fmtCores(backgroundLoad)}; a run that other work disturbed (more than ${QUIET_CORES} cores) was measured again up to ${opts.retries} times, keeping the least disturbed. Server log lines at LOG_LEVEL=warn: ${results.map((r) => `${r.label} ${r.logLines}`).join(', ')}.`,
    ...(disturbed.length
      ? [
          `**Disturbed:** other work took more than ${QUIET_CORES} cores during ${disturbed.join(', ')}; those numbers understate the server.`,
        ]
      : []),
    '',
    '| database | sort (desc) | server cache | connections | req/s | p50 ms | p95 ms | p99 ms | max ms | cores busy: server / database / load gen / other | errors + non-2xx |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.flatMap(({ rows }) =>
      rows.map(
        (r) =>
          `| ${r.db} | ${r.sort} | ${r.cache} | ${r.connections} | ${r.rps.toFixed(r.rps < 100 ? 1 : 0)} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${fmtMs(r.max)} | ${coresText(r.cpu)} | ${r.failuresText} |`,
      ),
    ),
    '',
    `EXPLAIN ANALYZE of the default sort (gain desc) with the database's own client (\`pg\`; PGlite from its own process, before the server starts), after 3 plain runs: 5 runs with TIMING OFF (the total, median), then one with per-node timing and BUFFERS for the plans below (its total is inflated by the clock reads, most under PGlite). The SQL is ${QUERY_SOURCE}.`,
    '',
    '| database | execution ms, median (timing off) | runs ms | planning ms | execution ms with per-node timing | cores busy with other work before |',
    '|---|---:|---|---:|---:|---:|',
    ...results.map(
      ({ label, explain }) =>
        `| ${label} | ${fmtMs(explain.execution)} | ${explain.executions.map(fmtMs).join(', ')} | ${fmtMs(explain.planning)} | ${fmtMs(explain.timedExecution)} | ${fmtCores(explain.otherLoad)} |`,
    ),
    '',
    ...reading(results, opts),
    '',
    ...results.flatMap(({ label, explain }) => [
      `<details><summary>${label} plan (EXPLAIN (ANALYZE, BUFFERS), gain desc)</summary>`,
      '',
      '```',
      explain.plan,
      '```',
      '',
      '</details>',
      '',
    ]),
  ];
  return lines.join('\n');
}

installCleanUp();

async function main() {
  const opts = options(process.argv.slice(2));
  checkServerBuild(SERVER);
  opts.build = { stamp: buildStamp(SERVER), cacheMs: leaderboardCacheDefault(SERVER) };
  // Fail fast when PostgreSQL is wanted but unreachable, before the PGlite runs.
  const postgres = opts.postgres ? await createBenchDatabase() : undefined;
  const backgroundLoad = await waitForCalm(60);
  if (backgroundLoad > QUIET_CORES) {
    console.warn(`warning: ${fmtCores(backgroundLoad)} cores busy with other work before the run`);
  }
  const startedAt = new Date();
  const results = [await benchDatabase('PGlite', {}, undefined, opts)];
  if (postgres) {
    results.push(
      await benchDatabase('PostgreSQL', { DATABASE_URL: postgres.url }, postgresCpu, opts),
    );
  }
  const entry = entryText({
    startedAt,
    opts,
    pgVersion: postgres?.version,
    backgroundLoad,
    results,
  });
  printEntry(entry, opts.record);
}

await runBench(main, USAGE);
