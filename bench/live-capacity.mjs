// Live capacity (issue 28, DESIGN.md section 13): how many traders with open brackets one
// server address carries within Hyperliquid's weight budget. The server runs against its paper
// exchange with PAPER_APP_WEIGHTS=true: every call it makes to the exchange is charged as
// Hyperliquid charges the server's IP (1,200 a minute, 429 past it), and metered by the app as
// it meters mainnet. N traders each hold a long bracket (market entry, 2x) on one of five
// coins, their stops on a ladder 0.15 % apart; the walk pins one coin's mark just past the next
// stop every 1/rate seconds, and the close latency of a crossing is the time from the pin to
// the journal trade's closedAt (the same machine's clock). Setup (registering, connecting,
// placing) runs on a first server without the charge; the measured server starts on the same
// database, as a restart would.
//
//   npm run build && node bench/live-capacity.mjs --traders 1000 [--closes 200] [--rate 0.3]
//     [--databases pglite,postgres] [--warmup 60] [--record]
//
// Last line: `live-capacity: N traders, p99 close latency X s, 429s Y, upstream weight Z/min`
// (the worst of the databases run).
import { readFileSync } from 'node:fs';
import { SERVER } from './lib/app.mjs';
import { installCleanUp, runBench } from './lib/cleanup.mjs';
import { sleep } from './lib/cpu.mjs';
import {
  COINS,
  expectStatus,
  inParallel,
  marksNow,
  newTrader,
  pinMark,
  quantile,
  request,
  seat,
  weightLog,
} from './lib/live-capacity-steps.mjs';
import { UsageError } from './lib/options.mjs';
import { createBenchDatabase, dropDatabase } from './lib/postgres.mjs';
import { removeDir, startServer, stop, tempDir } from './lib/processes.mjs';
import { printEntry } from './lib/report.mjs';

const USAGE = `Usage: node bench/live-capacity.mjs [options]
  --traders N       traders with an open bracket (default 1000)
  --closes M        stops the walk crosses, one trader each (default 200, at most N)
  --rate R          crossings a second (default 0.3)
  --warmup S        seconds the loaded server runs before the walk (default 60)
  --databases LIST  pglite,postgres (default both)
  --record          add the entry to bench/RESULTS.md`;

function parseArgs(argv) {
  const opts = {
    traders: 1000,
    closes: 200,
    rate: 0.3,
    warmup: 60,
    databases: ['pglite', 'postgres'],
    record: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--record') opts.record = true;
    else if (['--traders', '--closes', '--rate', '--warmup'].includes(flag)) {
      const n = Number(value());
      if (!(n >= 0) || !Number.isFinite(n)) throw new UsageError(`${flag} needs a number`);
      opts[flag.slice(2)] = n;
    } else if (flag === '--databases') {
      opts.databases = value().split(',').filter(Boolean);
      if (opts.databases.some((d) => d !== 'pglite' && d !== 'postgres')) {
        throw new UsageError('--databases takes pglite,postgres');
      }
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  opts.closes = Math.min(opts.closes, opts.traders);
  return opts;
}

// The live loop's settings are the bench's own.
for (const key of ['RECONCILE_INTERVAL_MS', 'PAPER_APP_WEIGHTS', 'PAPER_CONTROL', 'REDIS_URL']) {
  delete process.env[key];
}

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

/** Waits until every trader's entry fill is in the journal (execution open, fill price). */
async function entriesRead(server, traders) {
  let waiting = traders.map((_, i) => i);
  const deadline = performance.now() + 600_000;
  while (waiting.length > 0) {
    if (performance.now() > deadline) throw new Error(`${waiting.length} entries never read`);
    const still = [];
    for (const i of waiting) {
      const { body } = await request(server, 'GET', `/api/trades/${traders[i].tradeId}`, {
        token: traders[i].token,
      });
      if (body?.live?.filledPrice == null) still.push(i);
    }
    waiting = still;
    if (waiting.length > 0) await sleep(1_000);
  }
}

async function runOn(database, opts) {
  let place = {};
  let folder;
  if (database === 'pglite') {
    folder = tempDir();
    place = { DATA_DIR: folder };
  } else {
    place = { DATABASE_URL: (await createBenchDatabase()).url };
  }
  const base = {
    ...place,
    APP_SECRET: 'live-capacity-secret-that-is-long-enough-0123',
    PAPER_CONTROL: 'true',
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
  };
  const runId = Date.now().toString(36);
  const setupStarted = performance.now();
  // The setup server's reconciler reads each entry's fill (uncharged), as it would right after
  // each placement: the measured server starts from traders whose positions are known.
  const setup = await startServer(`setup ${database}`, SERVER, {
    ...base,
    RECONCILE_INTERVAL_MS: '1000',
  });
  const marks = await marksNow(setup);
  for (const coin of COINS) await pinMark(setup, coin, marks[coin]);
  const traders = await inParallel(
    opts.traders,
    4,
    (i) => newTrader(setup, i, marks, runId),
    (done) => done % 100 === 0 && console.error(`  ${database}: ${done} traders placed`),
  );
  await entriesRead(setup, traders);
  await stop(setup);
  const setupS = Math.round((performance.now() - setupStarted) / 1000);

  const started = performance.now();
  const server = await startServer(`live ${database}`, SERVER, {
    ...base,
    LOG_LEVEL: 'info',
    RECONCILE_INTERVAL_MS: '1000',
    PAPER_APP_WEIGHTS: 'true',
  });
  const readyS = (performance.now() - started) / 1000;
  const weights = weightLog(server);
  for (const coin of COINS) await pinMark(server, coin, marks[coin]);
  console.error(`  ${database}: ${opts.traders} traders placed in ${setupS} s; warming up`);
  await sleep(opts.warmup * 1000);
  const rssIdle = rssMb(server.pid);
  const linesBefore = weights.lines.length;

  // The walk: one crossing every 1/rate s; closes polled from the journal.
  const pending = new Map(); // trader index -> pin time (epoch ms)
  const latencies = [];
  let polling = true;
  const poller = (async () => {
    while (polling || pending.size > 0) {
      for (const [i, at] of pending) {
        const { status, body } = await request(server, 'GET', `/api/trades/${traders[i].tradeId}`, {
          token: traders[i].token,
        });
        if (status === 200 && body.status !== 'OPEN') {
          latencies.push(Math.max(0, new Date(body.closedAt).getTime() - at) / 1000);
          pending.delete(i);
        }
      }
      await sleep(250);
    }
  })();
  const walkStarted = performance.now();
  for (let j = 0; j < opts.closes; j++) {
    const due = walkStarted + (j * 1000) / opts.rate;
    await sleep(Math.max(0, due - performance.now()));
    const { coin, crossAt } = seat(j, marks);
    await pinMark(server, coin, crossAt);
    pending.set(j, Date.now());
  }
  const deadline = performance.now() + 120_000;
  while (pending.size > 0 && performance.now() < deadline) await sleep(250);
  const lost = pending.size;
  polling = false;
  pending.clear();
  await poller;
  const walkS = (performance.now() - walkStarted) / 1000;
  await sleep(61_000 - ((performance.now() - walkStarted) % 60_000)); // the minute's weight line
  const rssLoad = rssMb(server.pid);
  const health = await expectStatus(server, 200, 'GET', '/api/health');
  await stop(server);
  if (folder) removeDir(folder);
  else await dropDatabase();

  const during = weights.lines.slice(linesBefore);
  const idle = weights.lines.slice(0, linesBefore); // before the walk (start-up included)
  const sum = (lines, key) => lines.reduce((s, l) => s + l[key], 0);
  const byType = {};
  for (const line of during) {
    for (const [type, w] of Object.entries(line.byType)) byType[type] = (byType[type] ?? 0) + w;
  }
  return {
    database,
    health: health.status,
    setupS,
    readyS,
    walkS,
    closes: latencies.length,
    lost,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: Math.max(...latencies),
    refused: sum(weights.lines, 'refused'),
    weightPerMin: during.length ? Math.round(sum(during, 'weight') / during.length) : NaN,
    idlePerMin: idle.length ? Math.round(sum(idle, 'weight') / idle.length) : NaN,
    peakPerMin: Math.max(...weights.lines.map((l) => l.weight)),
    byType: Object.fromEntries(
      Object.entries(byType).map(([t, w]) => [t, Math.round(w / Math.max(1, during.length))]),
    ),
    rssIdle,
    rssLoad,
  };
}

function entryOf(opts, runs, lastLine) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const command = `node bench/live-capacity.mjs --traders ${opts.traders} --closes ${opts.closes} --rate ${opts.rate} --databases ${opts.databases.join(',')}`;
  const rows = runs.map(
    (r) =>
      `| ${r.database} | ${r.closes} of ${opts.closes}${r.lost ? ` (${r.lost} not closed)` : ''} | ${r.p50.toFixed(2)} / ${r.p99.toFixed(2)} / ${r.max.toFixed(2)} s | ${r.refused} | ${r.weightPerMin} (before the walk ${Number.isNaN(r.idlePerMin) ? '-' : r.idlePerMin}, peak ${r.peakPerMin}) | ${Object.entries(
        r.byType,
      )
        .map(([t, w]) => `${t} ${w}`)
        .join(', ')} | ${r.rssIdle} / ${r.rssLoad} MB | ${r.readyS.toFixed(1)} s |`,
  );
  return [
    `## ${when} UTC: \`${command}\``,
    '',
    `${opts.traders} traders with an open bracket on ${COINS.join(', ')}; a stop crossed every ${(1 / opts.rate).toFixed(1)} s. Weight: the app's calls to the paper exchange, charged as Hyperliquid charges one IP (PAPER_APP_WEIGHTS), per minute during the walk.`,
    '',
    '| database | closed | close latency p50 / p99 / max | 429s | weight/min | weight/min by request, during the walk | RSS idle / under load | ready after restart |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    lastLine,
  ].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  installCleanUp();
  const runs = [];
  for (const database of opts.databases) {
    const run = await runOn(database, opts);
    console.error(`  ${database}: ${JSON.stringify(run)}`);
    runs.push(run);
  }
  const worst = (key) => Math.max(...runs.map((r) => r[key]));
  const lastLine = `live-capacity: ${opts.traders} traders, p99 close latency ${worst('p99').toFixed(2)} s, 429s ${worst('refused')}, upstream weight ${worst('weightPerMin')}/min`;
  // The entry ends with the last line; recording prints where after it, so it comes again.
  printEntry(entryOf(opts, runs, lastLine), opts.record);
  if (opts.record) console.log(lastLine);
}

await runBench(main, USAGE);
