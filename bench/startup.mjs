// Start-up benchmark (DESIGN.md section 5, issue 28): `npm start` on a built tree, with a new
// data folder and then with the existing one: time to `/api/health` and to the first page, the
// longest event-loop block during start (measured inside the server by a preloaded probe,
// lib/startup-probe.mjs), resident memory after start, after an idle wait and under a short
// authenticated load, and what of it is PGlite's WebAssembly memory and the JS heap.
//
//   npm run build && node bench/startup.mjs [--runs 3] [--idle 30] [--load 10] [--no-record]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureStart } from './lib/startup-run.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const runs = option('--runs', 3);
const idleSeconds = option('--idle', 30);
const loadSeconds = option('--load', 10);
const record = !args.includes('--no-record');
const port = 3950;

const median = (xs) => {
  const ys = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ys.length ? ys[Math.floor(ys.length / 2)] : NaN;
};
const mb = (bytes) => (Number.isFinite(bytes) ? Math.round(bytes / 2 ** 20) : '–');

const first = [];
const again = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'tb-startup-'));
  try {
    const opts = { port, idleSeconds, loadSeconds: 0 };
    first.push(await measureStart(dir, opts));
    // The load runs once, on the last start with the existing folder.
    again.push(await measureStart(dir, { ...opts, loadSeconds: i === runs - 1 ? loadSeconds : 0 }));
    console.error(
      `run ${i + 1}/${runs}: new ${first.at(-1).healthMs} ms, existing ${again.at(-1).healthMs} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One table row: medians over the runs, each run's figure after them. */
function row(label, results, bar) {
  const col = (pick, fmt = (x) => x) => {
    const xs = results.map(pick);
    return `${fmt(median(xs))} (${xs.map(fmt).join(', ')})`;
  };
  const page = median(results.map((r) => r.pageMs));
  return [
    label,
    col((r) => r.healthMs),
    col((r) => r.pageMs),
    col((r) => r.maxBlockMs),
    col((r) => r.rssStart, mb),
    col((r) => r.rssIdle, mb),
    col((r) => r.idle?.heapUsed, mb),
    col((r) => r.idle?.wasmBytes, mb),
    `< ${bar}: ${page < bar ? 'met' : 'not met'}`,
  ].join(' | ');
}

/** The event-loop blocks longer than 50 ms of one start: where its time went. */
const blocksOf = (r) =>
  r.startBlocks.length
    ? r.startBlocks.map(([at, ms]) => `${ms} ms at ${at} ms`).join(', ')
    : 'none';

const loaded = again.at(-1).load;
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`node bench/startup.mjs --runs ${runs} --idle ${idleSeconds} --load ${loadSeconds}\``,
  '',
  `\`node scripts/start.mjs\` (what \`npm start\` runs), built tree, PGlite, LOG_LEVEL=warn. Median of ${runs} (each run in brackets). Times from spawn; the longest event-loop block from the process's start to 1 s after both answered (10 ms interval drift, measured in the server by a preloaded probe); RSS is the server process's VmRSS; JS heap (heapUsed) and WASM (PGlite's WebAssembly memory) after the idle wait.`,
  '',
  `| data folder | to 200 on /api/health, ms | to 200 on /, ms | longest event-loop block, ms | RSS after start, MB | RSS after ${idleSeconds} s idle, MB | JS heap, MB | WASM memory, MB | DESIGN §5 bar (first page) |`,
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  `| ${row('new (PGlite creates its database)', first, 10_000)} |`,
  `| ${row('existing', again, 3000)} |`,
  '',
  `Event-loop blocks over 50 ms during start, first run: new folder: ${blocksOf(first[0])}; existing folder: ${blocksOf(again[0])}.`,
  '',
];
if (loaded) {
  const p = loaded.probe ?? {};
  lines.push(
    `Under load (existing folder, last run): ${loadSeconds} s of \`GET /api/bingo/card\` (10 connections, one trader): ${loaded.reqPerSec} req/s, ${loaded.non2xx} errors or non-2xx; peak RSS ${mb(loaded.peakRss)} MB, RSS after ${mb(loaded.rssAfter)} MB (JS heap ${mb(p.heapUsed)} MB, WASM memory ${mb(p.wasmBytes)} MB, external ${mb(p.external)} MB).`,
    '',
  );
}
console.log(lines.join('\n'));
if (record) {
  const path = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
  const marker =
    '<!-- Entries below, newest first. api.mjs and startup.mjs insert new ones here. -->';
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace(marker, `${marker}\n\n${lines.join('\n')}`));
}
