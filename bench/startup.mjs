// Start-up benchmark (DESIGN.md section 5): time from `npm start`'s entry point to the first page
// served, on a built tree, with a new data folder and then with the existing one.
//
//   npm run build && node bench/startup.mjs [--runs 3] [--no-record]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 3);
const record = !args.includes('--no-record');
const root = fileURLToPath(new URL('..', import.meta.url));
const port = 3950;

/** Milliseconds from spawning the start script to a 200 on `/`. */
async function timeStart(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The paper market on its seeded path: a bench never calls Hyperliquid.
      PAPER_PRICES: 'synthetic',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Math.round(performance.now() - started);
      if (performance.now() - started > 60_000) throw new Error('no page after 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = [];
const again = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'tb-startup-'));
  try {
    first.push(await timeStart(dir));
    again.push(await timeStart(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`node bench/startup.mjs --runs ${runs}\``,
  '',
  `Time from \`node scripts/start.mjs\` (what \`npm start\` runs) to the first page served, built tree, median of ${runs}.`,
  '',
  '| data folder | median ms | runs ms | DESIGN §5 bar |',
  '|---|---:|---|---|',
  `| new (PGlite creates its database) | ${median(first)} | ${first.join(', ')} | < 10000: ${median(first) < 10_000 ? 'met' : 'not met'} |`,
  `| existing | ${median(again)} | ${again.join(', ')} | < 3000: ${median(again) < 3000 ? 'met' : 'not met'} |`,
  '',
];
console.log(lines.join('\n'));
if (record) {
  const path = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
  const marker =
    '<!-- Entries below, newest first. api.mjs and startup.mjs insert new ones here. -->';
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace(marker, `${marker}\n\n${lines.join('\n')}`));
}
