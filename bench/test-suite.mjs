// Where the test suite's time goes (issue 25): runs Vitest (every project, or the ones named)
// once, from the repository root, with its JSON reporter beside the usual one, and prints the
// wall time, Vitest's phases (transform, setup, import, tests, environment), the time per project
// and the slowest files. With --e2e, also the end-to-end run (`npm run test:e2e`) and its wall
// time. With --record, the entry goes into RESULTS.md.
//
//   node bench/test-suite.mjs [--project server] [--e2e] [--top 10] [--label text] [--record]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { record } from './lib/report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const value = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const projects = args.flatMap((a, i) => (args[i - 1] === '--project' ? [a] : []));
const top = Number(value('top', 10));

/** Runs a command from the root; answers its exit code, wall seconds and output. */
function run(command, commandArgs) {
  return new Promise((resolve) => {
    const started = performance.now();
    let output = '';
    const child = spawn(command, commandArgs, { cwd: root, env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        process.stderr.write(chunk);
      });
    }
    child.on('close', (code) =>
      resolve({ code, seconds: (performance.now() - started) / 1000, output }),
    );
  });
}

const dir = mkdtempSync(join(tmpdir(), 'tb-test-suite-'));
const jsonFile = join(dir, 'vitest.json');
const loadBefore = loadavg()[0];
const startedAt = new Date();
const vitest = await run('npx', [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${jsonFile}`,
]);
const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
rmSync(dir, { recursive: true, force: true });
const e2e = flag('e2e') ? await run('npm', ['run', 'test:e2e']) : null;

// eslint-disable-next-line no-control-regex
const plain = vitest.output.replace(/\x1b\[[0-9;]*m/g, '');
const phases = plain.match(/Duration\s+([\d.]+m?s)\s+\((.*)\)/);
const files = report.testResults.map((f) => ({
  file: f.name.slice(root.length),
  seconds: (f.endTime - f.startTime) / 1000,
  tests: f.assertionResults.length,
}));
const byProject = new Map();
for (const f of files) {
  const project = f.file.split('/src/')[0] ?? f.file;
  const sum = byProject.get(project) ?? { files: 0, seconds: 0 };
  byProject.set(project, { files: sum.files + 1, seconds: sum.seconds + f.seconds });
}
files.sort((a, b) => b.seconds - a.seconds);

const s = (n) => `${n.toFixed(1)} s`;
const lines = [
  `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Test suite (issue 25)${value('label', '') ? `, ${value('label', '')}` : ''}, \`node bench/test-suite.mjs ${args.filter((a) => a !== '--record').join(' ')}\``.trimEnd(),
  '',
  `${cpus().length} cores, load average ${loadBefore.toFixed(2)} at the start; TEST_DATABASE_URL ${process.env.TEST_DATABASE_URL ? 'set (server route tests on PGlite and PostgreSQL)' : 'not set (PGlite only)'}.`,
  '',
  `- Vitest: exit ${vitest.code}, ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numTotalTestSuites} suites in ${files.length} files; **${s(vitest.seconds)} wall**.`,
  `- Vitest's phases (summed over files, both workers): ${phases ? `${phases[2]}; its own total ${phases[1]}` : 'not printed'}.`,
  ...(e2e
    ? [
        `- End to end (\`npm run test:e2e\`, build included): exit ${e2e.code}, **${s(e2e.seconds)} wall**.`,
      ]
    : []),
  '',
  '| project | files | seconds (summed) |',
  '| --- | ---: | ---: |',
  ...[...byProject]
    .sort((a, b) => b[1].seconds - a[1].seconds)
    .map(([p, v]) => `| ${p} | ${v.files} | ${v.seconds.toFixed(1)} |`),
  '',
  `Slowest ${top} files:`,
  '',
  '| file | tests | seconds |',
  '| --- | ---: | ---: |',
  ...files.slice(0, top).map((f) => `| ${f.file} | ${f.tests} | ${f.seconds.toFixed(1)} |`),
  '',
];
const entry = lines.join('\n');
console.log(`\n${entry}`);
if (flag('record')) record(entry);
process.exit(vitest.code === 0 && (!e2e || e2e.code === 0) ? 0 : 1);
