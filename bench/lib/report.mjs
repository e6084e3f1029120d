// The entry of a run: a heading with the command, the machine, notes and the table, printed
// and recorded in RESULTS.md (newest first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { QUIET_CORES } from './cpu.mjs';
import { coresText, fmtCores, fmtMs } from './format.mjs';

/** A path relative to bench/. */
const benchPath = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
export const RESULTS = benchPath('RESULTS.md');
const RESULTS_MARKER =
  '<!-- Entries below, newest first. api.mjs and startup.mjs insert new ones here. -->';

function commandLine() {
  const args = process.argv.slice(2).join(' ');
  if (process.env.npm_lifecycle_event === 'bench') {
    return `npm run bench${args ? ` -- ${args}` : ''}`;
  }
  return `node bench/api.mjs${args ? ` ${args}` : ''}`;
}

export function machine(pgVersion) {
  const cpu = cpus();
  const pkg = (p) => JSON.parse(readFileSync(benchPath(p), 'utf8')).version;
  const dep = (name) => {
    for (const p of [`../node_modules/${name}/package.json`, `node_modules/${name}/package.json`]) {
      if (existsSync(benchPath(p))) return pkg(p);
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

/** Max and paced runs that other work disturbed even after the retries. */
function disturbedRuns(hello, rows) {
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
  return disturbed;
}

/** The Markdown entry of a run. */
export function entryText({ startedAt, opts, pgVersion, backgroundLoad, logLines, hello, rows }) {
  const logged = Object.entries(logLines)
    .map(([db, n]) => `${db} ${n}`)
    .join(', ');
  const disturbed = disturbedRuns(hello, rows);
  return [
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
}

export function record(entry) {
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

/** Prints a bench's entry and, with --record, adds it to RESULTS.md. */
export function printEntry(entry, doRecord) {
  console.log(`\n${entry}`);
  if (!doRecord) return;
  record(entry);
  console.log(`recorded in ${RESULTS}`);
}
