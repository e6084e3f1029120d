// Crash harness of the live loop (issue 23, DESIGN.md section 11). The server kills itself
// (SIGKILL) when a live action reaches a chosen step (TEST_CRASH_AT, a test hook: no timing),
// starts again, and the paper exchange's own state must agree with the journal: every order the
// app placed belongs to a journal trade, every open position has its reduce-only stop, no live
// intent is left once resolved, and a retry with the same Idempotency-Key never places twice.
// On PostgreSQL (a database of its own) and PGlite (a temporary data folder), then two
// instances on PostgreSQL (one killed, the other resolves). Not run by CI: it takes minutes
// (about 7 on 2 cores), and an intent the exchange never saw is dropped after a 30 s grace on
// the real clock. Prints the entry; --record adds it to RESULTS.md. Exit code 1 when an
// invariant broke, a retry acted twice or a resolution was not the expected one; 2 for bad
// options.
//
//   npm run build              (or: npx tsc -b apps/server)
//   node bench/live-crash.mjs [--reps 3] [--pair-reps 2] [--databases postgres,pglite] [--record]
//
// Each kill is one fresh trader: the crash server (TEST_CRASH_AT=<step>) registers it, connects
// a one-click paper account, turns live trading on, places the bracket the step needs (market
// for stop and close, a resting limit for cancel), then sends the action with an
// Idempotency-Key; the process dies at the step and the request gets no answer. The next kill's
// server is the restart: its start-up resolves the orphan (start-up resolution never reaches a
// fault point) and it receives the placement's retry (the steps alternate placement and exit
// actions, so a retry cannot reach the armed step). A server without the hook ends each
// database's run: it waits out the grace, retries every request with its key once more, and
// the invariants are checked on the paper exchange's answers and the stored rows. Two more
// kills per rep (place:sent and stop:sent) have the stop fill while the server is down. The
// two-instance run kills A at each step of PAIR_POINTS while B, never restarted, resolves.
import { writeFileSync } from 'node:fs';
import { SERVER } from './lib/app.mjs';
import { buildStamp, checkServerBuild } from './lib/build-check.mjs';
import { installCleanUp, runBench } from './lib/cleanup.mjs';
import { sleep } from './lib/cpu.mjs';
import {
  FINAL_QUERIES,
  INTENTS_SQL,
  invariants,
  outcomeOf,
  pgliteStore,
  postgresStore,
  signature,
  snapshot,
} from './lib/live-crash-checks.mjs';
import { entryText, sourceText, totals, totalsText } from './lib/live-crash-report.mjs';
import {
  INTERVAL_MS,
  PAIR_POINTS,
  POINTS,
  graceBound,
  isPlacement,
  killPlan,
  levelsAround,
  newTrader,
  paperInfo,
  pin,
  prepare,
  request,
  sendAndDie,
  serverEnv,
} from './lib/live-crash-steps.mjs';
import { UsageError } from './lib/options.mjs';
import { createBenchDatabase, dropDatabase } from './lib/postgres.mjs';
import { removeDir, startServer, stop, tempDir } from './lib/processes.mjs';
import { printEntry } from './lib/report.mjs';

const USAGE = `Usage: node bench/live-crash.mjs [options]
  --reps N          kills per step and database (default 3; ${POINTS.length} steps)
  --pair-reps N     kills per step of the two-instance run on PostgreSQL (default 2; 0: none)
  --databases LIST  postgres,pglite (default both)
  --points LIST     steps to kill at (default all: ${POINTS.join(',')})
  --no-fill         without the two kills per rep whose stop fills while the server is down
  --details FILE    write every kill (requests, answers, snapshots, checks) to FILE as JSON
  --record          add the entry to RESULTS.md (default: print it only)
  --no-record       print only
  --help            this text
Environment: BENCH_DATABASE_URL, an admin URL of the PostgreSQL server
  (default postgres://postgres@127.0.0.1:5432/postgres; the harness creates and drops its own
  database there). Needs a built server (npm run build).`;

function parseArgs(argv) {
  const opts = {
    reps: 3,
    pairReps: 2,
    databases: ['postgres', 'pglite'],
    points: POINTS,
    details: null,
    fill: true,
    record: false,
  };
  const list = (flag, raw, allowed) => {
    const items = (raw ?? '').split(',').filter(Boolean);
    const bad = items.filter((x) => !allowed.includes(x));
    if (items.length === 0 || bad.length) {
      throw new UsageError(`${flag} takes some of ${allowed.join(',')}, got ${raw ?? 'nothing'}`);
    }
    return allowed.filter((x) => items.includes(x));
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--record') opts.record = true;
    else if (flag === '--no-record') opts.record = false;
    else if (flag === '--no-fill') opts.fill = false;
    else if (flag === '--reps' || flag === '--pair-reps') {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      const min = flag === '--reps' ? 1 : 0;
      if (raw === undefined || raw === '' || !Number.isInteger(value) || value < min) {
        throw new UsageError(`${flag} needs a whole number >= ${min}, got ${raw ?? 'nothing'}`);
      }
      opts[flag === '--reps' ? 'reps' : 'pairReps'] = value;
    } else if (flag === '--databases') {
      opts.databases = list(flag, inline ?? argv[++i], ['postgres', 'pglite']);
    } else if (flag === '--points') opts.points = list(flag, inline ?? argv[++i], POINTS);
    else if (flag === '--details') {
      opts.details = inline ?? argv[++i];
      if (!opts.details) throw new UsageError('--details needs a file name');
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  return opts;
}

// Server settings the harness sets itself or must not pass on from the caller's environment
// (processes.mjs drops the common ones; these are the live loop's).
for (const key of [
  'TEST_CRASH_AT',
  'INSTANCE_ID',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'RECONCILE_INTERVAL_MS',
  'PAPER_EXCHANGE',
  'PAPER_CONTROL',
  'MARKET_DATA_NETWORK',
  'EXCHANGE_TIMEOUT_MS',
  'DATABASE_TIMEOUT_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'MAIL_OUTBOX',
]) {
  delete process.env[key];
}

// ---------------------------------------------------------------------------------------------
// One database

/** The first retry, right after the restart: placements only. */
async function firstRetry(server, kill) {
  const { action, trader } = kill;
  const res = await request(server, action.method, action.path, {
    token: trader.token,
    body: action.body,
    key: action.key,
  });
  kill.retry1 = { status: res.status, code: res.body?.error?.code, id: res.body?.id };
}

/**
 * The end of a database's run, on a server without the hook: the retries left, the grace
 * waited out, what resolution made of each kill, a second retry of every request with its
 * key, then the invariants.
 */
async function finish({ label, store, env, kills, levels, servers }) {
  const server = await startServer(`${label} end`, SERVER, env);
  servers.push(server);
  const prev = kills.at(-1);
  if (store.live && prev) prev.resolvedAtStart = (await store.read(prev.intentQuery))[0].length;
  await pin(server, levels.mark);
  for (const kill of kills.filter((k) => k.retry1Pending)) await firstRetry(server, kill);
  // Resolution: every intent gone (PostgreSQL, polled), or the grace and a few passes waited
  // out (PGlite: its intents are read once the server has stopped).
  const bound = graceBound(kills);
  const wait = Math.max(0, Math.ceil((bound - Date.now()) / 1000));
  console.log(`  ${label}: waiting for resolution (grace: ${wait} s more)`);
  if (store.live) {
    const count = { sql: 'select count(*)::int as n from live_intents' };
    while ((await store.read([count]))[0][0].n > 0 && Date.now() < bound + 20_000) {
      await sleep(250);
    }
  } else {
    await sleep(Math.max(0, bound - Date.now()));
  }
  await sleep(2 * INTERVAL_MS);
  for (const kill of kills) {
    kill.before = await snapshot(server, kill);
    kill.outcome = outcomeOf(kill, kill.before, levels);
  }
  // The same request again with its key, now that everything is resolved.
  for (const kill of kills) {
    const { action, trader } = kill;
    const res = await request(server, action.method, action.path, {
      token: trader.token,
      body: action.body,
      key: action.key,
    });
    kill.retry2 = { status: res.status, code: res.body?.error?.code, id: res.body?.id };
  }
  await sleep(3 * INTERVAL_MS);
  for (const kill of kills) {
    kill.after = await snapshot(server, kill);
    kill.acted = signature(kill.before) !== signature(kill.after);
  }
  if (!store.live) await stop(server);
  const rows = await store.read(FINAL_QUERIES);
  await stop(server);
  for (const kill of kills) kill.check = invariants(kill, kill.after, rows);
}

/** Every kill of one database: `{ kills, seconds, logLines, ... }`. */
async function runDatabase(kind, opts) {
  const started = performance.now();
  const dataDir = tempDir();
  let postgres;
  let store;
  if (kind === 'postgres') {
    postgres = await createBenchDatabase();
    store = postgresStore(postgres.url);
  } else store = pgliteStore(dataDir);
  const label = kind === 'postgres' ? 'pg' : 'pglite';
  const env = (point) => serverEnv(dataDir, postgres?.url, point, `live-crash-${label}`);
  const servers = [];
  const kills = [];
  let levels;
  try {
    const plan = killPlan(opts);
    for (const [i, planned] of plan.entries()) {
      const { point, step, fill } = planned;
      const t0 = performance.now();
      const server = await startServer(`${label} ${point}`, SERVER, env(point));
      const startMs = performance.now() - t0;
      servers.push(server);
      const prev = kills.at(-1);
      // This start is the previous kill's restart: what its start-up resolution left.
      if (prev && store.live) {
        prev.resolvedAtStart = (await store.read(prev.intentQuery))[0].length;
      }
      if (!levels) {
        levels = levelsAround(Number((await paperInfo(server, { type: 'allMids' })).BTC));
      }
      await pin(server, fill ? levels.high.mark : levels.mark);
      // The placement's retry (unless a placement step is armed here: then at the end).
      if (prev) {
        if (prev.retry1Pending && !isPlacement(point)) {
          await firstRetry(server, prev);
          prev.retry1Pending = false;
        }
      }
      const trader = await newTrader(server);
      const action = await prepare(server, trader, planned, levels);
      const kill = {
        ...planned,
        trader,
        action,
        tradeId: action.tradeId,
        retry1Pending: isPlacement(point),
      };
      const { killed, how } = await sendAndDie(server, trader, action);
      kill.killed = killed;
      kill.how = how;
      kill.intentQuery = [
        { sql: `${INTENTS_SQL} where user_id = $1`, params: [trader.id] },
        {
          sql: 'select wallet_address from exchange_credentials where user_id = $1',
          params: [trader.id],
        },
      ];
      const read = store.afterKill(kill.intentQuery);
      // PostgreSQL: read before the next start resolves it; PGlite: the copy is read while
      // the next server starts (awaited below).
      if (store.live) await read;
      else read.catch(() => undefined);
      kill.read = read;
      kills.push(kill);
      console.log(
        `  ${label} ${i + 1}/${plan.length} ${step} (${action.orderType}): ${killed ? 'killed, no answer' : `NOT KILLED: ${how}`} (start ${(startMs / 1000).toFixed(1)} s, all ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      if (!killed) throw new Error(`${label} ${step}: the server was not killed (${how})`);
    }
    for (const kill of kills) {
      const [intents, [wallet]] = await kill.read;
      kill.intents = intents;
      kill.wallet = wallet.wallet_address;
    }
    await finish({ label, store, env: env(null), kills, levels, servers });
  } finally {
    await store.close();
    await Promise.all(servers.map((s) => stop(s)));
  }
  return {
    kind,
    kills,
    levels,
    pgVersion: postgres?.version,
    postgresUrl: postgres?.url,
    seconds: (performance.now() - started) / 1000,
    logLines: servers.reduce((n, s) => n + s.logLines, 0),
    servers: servers.length,
    dataDir,
  };
}

// ---------------------------------------------------------------------------------------------
// Two instances on PostgreSQL: B runs throughout; A is started armed and killed, and B (its
// reconciler, every pass) resolves the orphan without any restart.

async function runPair(pgRun, opts) {
  const started = performance.now();
  const store = postgresStore(pgRun.postgresUrl);
  const env = (point, id) => serverEnv(tempDir(), pgRun.postgresUrl, point, id);
  const { levels } = pgRun;
  const servers = [];
  const kills = [];
  try {
    const b = await startServer('B', SERVER, env(null, 'live-crash-b'));
    servers.push(b);
    await pin(b, levels.mark);
    for (let rep = 0; rep < opts.pairReps; rep++) {
      for (const point of PAIR_POINTS) {
        const a = await startServer(`A ${point}`, SERVER, env(point, 'live-crash-a'));
        servers.push(a);
        await pin(a, levels.mark);
        const trader = await newTrader(a);
        const planned = { point, rep, step: point, fill: false };
        const action = await prepare(a, trader, planned, levels);
        const { killed, how } = await sendAndDie(a, trader, action);
        const killedAt = Date.now();
        if (!killed) throw new Error(`A ${point}: the server was not killed (${how})`);
        const query = [
          { sql: `${INTENTS_SQL} where user_id = $1`, params: [trader.id] },
          {
            sql: 'select wallet_address from exchange_credentials where user_id = $1',
            params: [trader.id],
          },
        ];
        const [intents, [wallet]] = await store.read(query);
        // Whether the dead A held the reconciler's lease on the trader's connection (its pass
        // or a sync was reading fills): B cannot read them until it runs out.
        const [[cursor]] = await store.read([
          {
            sql: 'select lease_owner, lease_until from exchange_cursors where connection_id = $1',
            params: [trader.connectionId],
          },
        ]);
        const leaseHeld =
          cursor?.lease_owner === 'live-crash-a' && new Date(cursor.lease_until) > new Date();
        // B resolves it on a pass of its own (or the trader's lock, held by A's dead
        // connection, frees first).
        let resolvedMs = null;
        while (Date.now() - killedAt < 60_000) {
          if ((await store.read(query))[0].length === 0) {
            resolvedMs = Date.now() - killedAt;
            break;
          }
          await sleep(100);
        }
        const kill = {
          ...planned,
          trader,
          action,
          tradeId: action.tradeId,
          killed,
          intents,
          wallet: wallet.wallet_address,
          resolvedMs,
          leaseHeld,
        };
        if (isPlacement(point)) await firstRetry(b, kill);
        kills.push(kill);
        console.log(
          `  pair ${kills.length}/${opts.pairReps * PAIR_POINTS.length} ${point}: A killed; B resolved it in ${resolvedMs ?? '> 60 000'} ms`,
        );
      }
    }
    await sleep(3 * INTERVAL_MS);
    const rows = await store.read(FINAL_QUERIES);
    for (const kill of kills) {
      kill.after = await snapshot(b, kill);
      kill.outcome = outcomeOf(kill, kill.after, levels);
      kill.check = invariants(kill, kill.after, rows);
    }
  } finally {
    await store.close();
    await Promise.all(servers.map((s) => stop(s)));
  }
  return {
    kills,
    seconds: (performance.now() - started) / 1000,
    logLines: servers.reduce((n, s) => n + s.logLines, 0),
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let stale;
  try {
    checkServerBuild(SERVER);
  } catch (err) {
    if (!/out of date/.test(err.message)) throw err;
    // Others may be editing the sources while this runs: measured anyway, and said.
    stale = err.message.replace(/^the build is out of date \((.*?)\):.*$/s, '$1');
    console.warn(`warning: ${err.message}`);
  }
  const stamp = buildStamp(SERVER);
  const source = sourceText();
  const startedAt = new Date();
  const runs = [];
  let pair;
  for (const kind of opts.databases) {
    console.log(`${kind}: ${opts.points.length} steps x ${opts.reps}`);
    const run = await runDatabase(kind, opts);
    runs.push(run);
    if (kind === 'postgres' && opts.pairReps > 0) {
      console.log(`two instances on PostgreSQL: ${PAIR_POINTS.length} steps x ${opts.pairReps}`);
      pair = await runPair(run, opts);
    }
    if (kind === 'postgres') await dropDatabase();
    removeDir(run.dataDir);
  }
  const buildChanged = buildStamp(SERVER) !== stamp;
  const entry = entryText({ startedAt, runs, pair, source, buildChanged, stale });
  const all = [...runs.flatMap((r) => r.kills), ...(pair?.kills ?? [])];
  const t = totals(all);
  const broken = t.stuck + t.foreign + t.unprotected + t.oversized + t.intentsLeft;
  const failed = broken + t.doubles + t.actedAgain + t.unexpected > 0;
  if (opts.details) {
    const plain = (k) => ({ ...k, read: undefined, intentQuery: undefined });
    const details = { runs: runs.map((r) => ({ ...r, kills: r.kills.map(plain) })), pair };
    writeFileSync(opts.details, JSON.stringify(details, null, 2));
    console.log(`details in ${opts.details}`);
  }
  printEntry(entry, opts.record);
  if (failed) {
    // Exit code 1: an invariant broke, a retry acted twice or a resolution was not the one
    // expected (the entry is printed and recorded all the same).
    console.error(`\nfailed: ${totalsText(t)}`);
    process.exitCode = 1;
  }
}

installCleanUp();
await runBench(main, USAGE);
