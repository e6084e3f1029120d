// Several instances (issue 14): two app servers on one PostgreSQL database and one Redis, no
// APP_SECRET (they share the secret kept in the database). Measures the sign-in throttle (one
// instance and two), how soon a rename on A shows on B's leaderboard, how soon a session ended
// on A is refused by B, 20 concurrent paper orders split over A and B, and the throughput of
// an authenticated card read on A alone and on A and B at once. Prints the entry; --record
// adds it to RESULTS.md.
//
//   npx tsc -b packages/core packages/hyperliquid apps/paper-exchange apps/server
//   node bench/instances.mjs [--duration 10] [--record]
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { SERVER } from './lib/app.mjs';
import { QUIET_CORES, waitForCalm } from './lib/cpu.mjs';
import { fmtCores, fmtMs } from './lib/format.mjs';
import {
  attemptsUntil429,
  expectStatus,
  median,
  paperOrders,
  redisVersion,
  renameDelays,
  revocationDelays,
  signUp,
  throughput,
  until,
  call,
} from './lib/instances-steps.mjs';
import { installPairCleanUp, REDIS_URL, runPairBench, startPair } from './lib/instance-pair.mjs';
import { createBenchDatabase } from './lib/postgres.mjs';
import { UsageError } from './lib/options.mjs';
import { machine, printEntry } from './lib/report.mjs';

const USAGE = `Usage: node bench/instances.mjs [options]
  --duration N     seconds of each throughput run (default 10, after a 2 s warm-up)
  --connections N  connections of the throughput run on A alone; A and B get half each (default 20)
  --rounds N       renames and logouts timed (default 10)
  --record         add the entry to RESULTS.md (default: print it only)
  --no-record      print only
  --help           this text
Environment: BENCH_DATABASE_URL, an admin URL of the PostgreSQL server
  (default postgres://postgres@127.0.0.1:5432/postgres; the bench creates and drops its own
  database there); Redis at redis://127.0.0.1:6379 (keys under tb-bench-<pid>:, deleted at the end).`;

function parseArgs(argv) {
  const opts = { duration: 10, connections: 20, rounds: 10, record: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--record') opts.record = true;
    else if (flag === '--no-record') opts.record = false;
    else if (['--duration', '--connections', '--rounds'].includes(flag)) {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      if (raw === undefined || raw === '' || !Number.isFinite(value) || value <= 0) {
        throw new UsageError(`${flag} needs a positive number, got ${raw ?? 'nothing'}`);
      }
      opts[flag.slice(2)] = flag === '--duration' ? value : Math.max(1, Math.round(value));
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  return opts;
}

/** Wrong passwords sent before giving up on a 429. */
const MAX_ATTEMPTS = 150;

installPairCleanUp();

async function measure(a, b, opts) {
  const r = {};
  // The first account registered is the admin.
  const admin = await signUp(a, 'bench-admin');
  const me = await expectStatus(a, 200, 'GET', '/api/users/me', { token: admin.token });
  if (me.body.isAdmin !== true) throw new Error('the first account is not the admin');
  console.log('sign-in throttle');
  const same = () => '10.1.0.1';
  const fresh = (i) => `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  r.loginOne = await attemptsUntil429([a], await signUp(a, 'throttle-one'), same, MAX_ATTEMPTS);
  r.loginTwo = await attemptsUntil429([a, b], await signUp(a, 'throttle-two'), same, MAX_ATTEMPTS);
  r.spreadOne = await attemptsUntil429([a], await signUp(a, 'spread-one'), fresh, MAX_ATTEMPTS);
  r.spreadTwo = await attemptsUntil429([a, b], await signUp(a, 'spread-two'), fresh, MAX_ATTEMPTS);
  for (const [k, v] of Object.entries(r)) {
    console.log(`  ${k}: 429 at attempt ${v.attempt ?? 'none'}, retry-after ${v.retryAfter}`);
  }

  console.log('rename on A, leaderboard of B');
  const trader = await signUp(b, 'bench-trader');
  const opened = await expectStatus(a, 201, 'POST', '/api/trades', {
    token: trader.token,
    body: { pair: 'BTCUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120 },
  });
  await expectStatus(a, 200, 'PUT', `/api/trades/${opened.body.id}/status`, {
    token: trader.token,
    body: { status: 'TARGET_HIT' },
  });
  await until('trader on B', async () =>
    JSON.stringify((await call(b, 'GET', '/api/leaderboard?verified=false')).body).includes(
      '"bench-trader"',
    ),
  );
  r.rename = await renameDelays(a, b, admin, trader, opts.rounds);
  console.log(`  ms: ${r.rename.map((d) => fmtMs(d.ms)).join(', ')}`);

  console.log('logout on A, refused by B');
  r.revoke = await revocationDelays(a, b, await signUp(a, 'bench-sessions'), opts.rounds);
  console.log(`  ms: ${r.revoke.map((d) => fmtMs(d.ms)).join(', ')}`);

  console.log('paper orders through A and B');
  r.paper = await paperOrders(a, b, await signUp(a, 'bench-paper'), 20);
  console.log(`  ${JSON.stringify(r.paper)}`);

  console.log('throughput of GET /api/bingo/card');
  const reader = await signUp(a, 'bench-reader');
  const card = await expectStatus(a, 200, 'GET', '/api/bingo/card', { token: reader.token });
  if (!(card.body?.data?.bingoPages?.length > 0)) throw new Error('card read: no pages');
  await expectStatus(b, 200, 'GET', '/api/bingo/card', { token: reader.token });
  r.load = await throughput(a, b, '/api/bingo/card', reader.token, opts);
  const { alone, pair } = r.load;
  const [onA, onB] = pair.results;
  console.log(
    `  A alone ${alone.results[0].rps.toFixed(0)} req/s p99 ${alone.results[0].p99} ms; A + B ${onA.rps.toFixed(0)} + ${onB.rps.toFixed(0)} req/s, p99 ${onA.p99} / ${onB.p99} ms`,
  );
  return r;
}

const fmtSize = (x) => Number(x.toFixed(6)).toString();

const ordinal = (n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

function entryText({ startedAt, opts, pgVersion, redis, backgroundLoad, logLines, r }) {
  const args = process.argv.slice(2).join(' ');
  const attempt = (v) =>
    !v.attempt
      ? `none in ${MAX_ATTEMPTS}`
      : v.stepUp
        ? `${ordinal(v.attempt)} (401 STEP_UP_REQUIRED: a mailed code)`
        : `${ordinal(v.attempt)} (retry-after ${v.retryAfter} s)`;
  const spread = (ds) => {
    const ms = ds.map((d) => d.ms);
    const first = ds.filter((d) => d.polls === 1).length;
    return `median ${fmtMs(median(ms))} ms, max ${fmtMs(Math.max(...ms))} ms; on B's first request in ${first} of ${ds.length}`;
  };
  const { paper: p, load } = r;
  const [alone] = load.alone.results;
  const [onA, onB] = load.pair.results;
  const sum = onA.rps + onB.rps;
  const failures = [alone, onA, onB].reduce((n, x) => n + x.failures, 0);
  const cores = cpus().length;
  const busy = (m) =>
    `cores busy: ${m.cores.map(fmtCores).join(' + ')} server${m.cores.length > 1 ? 's' : ''}, ${fmtCores(m.machine)} of ${cores} in all`;
  return [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Several instances (issue 14), \`node bench/instances.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Machine: ${machine(pgVersion)}, ${redis}.`,
    `Two app servers (A and B, \`apps/server/dist\`) on one PostgreSQL database and one Redis (keys under \`tb-bench-<pid>:\`, deleted afterwards), no APP_SECRET (both use the secret kept in the database), PAPER_EXCHANGE on, RECONCILE_INTERVAL_MS=0, RATE_LIMIT_SCALE=1000 (the per-address route limits lifted, so the login rows show the per-account throttle), TRUST_PROXY=true (the bench sets x-forwarded-for). "Before" is quoted from issue 14. Each sign-in row uses a fresh account; "one address" sends every wrong password from one x-forwarded-for, "new address each" from a different one each time (the account-wide ceiling). Renames and logouts: ${opts.rounds} rounds, B polled every 10 ms from the 200/204 on A; a time includes B's one request that saw the change (a few ms on this machine). Throughput: one account's bearer token, ${opts.duration} s after a 2 s warm-up, ${opts.connections} connections on A alone, ${load.half} on each of A and B at once; the machine's ${cores} cores are shared by both servers, PostgreSQL, Redis and autocannon (in the bench process), so a second instance cannot add throughput here. Cores busy with other work before the run: ${fmtCores(backgroundLoad)}. Server log lines at LOG_LEVEL=warn: A ${logLines.A}, B ${logLines.B}.`,
    '',
    '| what | before (issue 14) | after (this run) |',
    '|---|---|---|',
    `| wrong passwords, one address: 429 at attempt | one instance 11th, two instances 21st | A alone ${attempt(r.loginOne)}; A, B, A, B... ${attempt(r.loginTwo)} |`,
    `| wrong passwords, new address each: refused unchecked at attempt | – | A alone ${attempt(r.spreadOne)}; A, B, A, B... ${attempt(r.spreadTwo)} |`,
    `| admin renames a trader on A: until B's \`GET /api/leaderboard\` shows the new name | not seen on the other's leaderboard | ${spread(r.rename)} |`,
    `| logout on A (204): until B answers 401 for that token (verified on B just before) | – | ${spread(r.revoke)} |`,
    `| paper account made through A; ${p.orders} market buys of 0.001 BTC at once, half through A, half through B | unknown to the other | ${p.filled}/${p.orders} filled (${Object.entries(
      p.statuses,
    )
      .map(([k, n]) => `${n}× ${k}`)
      .join(
        ', ',
      )}); fills listed on A ${p.onA.fills} (${fmtSize(p.onA.filledSize)} BTC), on B ${p.onB.fills} (${fmtSize(p.onB.filledSize)} BTC); position on A ${fmtSize(p.onA.position)}, on B ${fmtSize(p.onB.position)} |`,
    `| authenticated \`GET /api/bingo/card\`, req/s (p99) | – | A alone ${alone.rps.toFixed(0)} (${fmtMs(alone.p99)} ms; ${busy(load.alone)}); A and B at once ${sum.toFixed(0)} = ${onA.rps.toFixed(0)} (${fmtMs(onA.p99)} ms) + ${onB.rps.toFixed(0)} (${fmtMs(onB.p99)} ms; ${busy(load.pair)}); errors + non-2xx ${failures} |`,
    '',
  ].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build first (npm run build)`);
  const redis = await redisVersion(REDIS_URL).catch((err) => {
    throw new Error(`Redis at ${REDIS_URL} is not usable (${err.message})`);
  });
  const postgres = await createBenchDatabase();
  const backgroundLoad = await waitForCalm(60);
  if (backgroundLoad > QUIET_CORES) {
    console.warn(`warning: ${fmtCores(backgroundLoad)} cores busy with other work before the run`);
  }
  const startedAt = new Date();
  const [a, b] = await startPair(postgres.url);
  const r = await measure(a, b, opts);
  const logLines = { A: a.logLines, B: b.logLines };
  const entry = entryText({
    startedAt,
    opts,
    pgVersion: postgres.version,
    redis,
    backgroundLoad,
    logLines,
    r,
  });
  const bad = [];
  if (r.paper.filled !== r.paper.orders) bad.push('not every paper order filled');
  if (r.paper.onA.fills !== r.paper.onB.fills) bad.push('A and B list different fills');
  if (Math.abs(r.paper.onA.position - r.paper.onB.position) > 1e-9) {
    bad.push('A and B show different positions');
  }
  if (bad.length) console.warn(`warning: ${bad.join('; ')}`);
  printEntry(entry, opts.record);
}

await runPairBench(main, USAGE);
