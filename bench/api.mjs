// API benchmark (DESIGN.md section 5): the app's endpoints against a bare Fastify hello-world
// measured in the same run, on PGlite and on PostgreSQL. Each server runs in its own process;
// the load comes from this process over loopback. See README.md for what is measured and how
// to read it. Results are recorded in RESULTS.md (newest first).
//
//   npm run bench                                  (from the repository root; builds first)
//   node api.mjs [--duration 10] [--no-postgres] [--no-record]   (from bench/, after a build)
//
// lib/: options (command line), processes (server children, temporary folders), cpu (cores in
// use, waiting for calm), postgres (the bench database), cleanup, load (autocannon and paced
// runs), app (accounts, checks and endpoints of the real server), report (table, RESULTS.md).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER, benchApp } from './lib/app.mjs';
import { installCleanUp, runBench } from './lib/cleanup.mjs';
import { QUIET_CORES, waitForCalm } from './lib/cpu.mjs';
import { fmtCores } from './lib/format.mjs';
import { measureEndpoint } from './lib/load.mjs';
import { USAGE, parseArgs } from './lib/options.mjs';
import { createBenchDatabase, postgresCpu } from './lib/postgres.mjs';
import { removeDir, startServer, stop, tempDir } from './lib/processes.mjs';
import { entryText, printEntry } from './lib/report.mjs';

const HELLO = fileURLToPath(new URL('hello.mjs', import.meta.url));

installCleanUp();

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(SERVER)) {
    throw new Error(
      `${SERVER} is missing: build first (npm run build, or npm run bench from the root)`,
    );
  }
  // Fail fast when PostgreSQL is wanted but unreachable, before a minute of PGlite runs.
  const postgres = opts.postgres ? await createBenchDatabase() : undefined;

  // Other work on the machine skews everything: wait for it to calm down, and record how busy
  // the machine was.
  const backgroundLoad = await waitForCalm(60);
  if (backgroundLoad > QUIET_CORES) {
    console.warn(`warning: ${fmtCores(backgroundLoad)} cores busy with other work before the run`);
  }

  const startedAt = new Date();
  console.log(
    `API benchmark: ${opts.duration} s per measurement, ${opts.connections} connections at max load, ${opts.rate} req/s fixed load`,
  );
  console.log('  bare Fastify hello-world: GET /hello');
  const helloServer = await startServer('hello-world', HELLO, {});
  const hello = {
    db: '–',
    endpoint: 'bare Fastify hello-world (baseline)',
    ...(await measureEndpoint(helloServer, { path: '/hello' }, opts)),
  };
  await stop(helloServer);

  const rows = [];
  const logLines = {};
  const databases = [['PGlite', {}]];
  if (postgres) databases.push(['PostgreSQL', { DATABASE_URL: postgres.url }, postgresCpu]);
  for (const [label, env, dbCpu] of databases) {
    const dataDir = tempDir();
    const app = await benchApp(label, { DATA_DIR: dataDir, ...env }, opts, dbCpu);
    rows.push(...app.rows);
    logLines[label] = app.logLines;
    removeDir(dataDir);
  }

  const entry = entryText({
    startedAt,
    opts,
    pgVersion: postgres?.version,
    backgroundLoad,
    logLines,
    hello,
    rows,
  });
  printEntry(entry, opts.record);
}

await runBench(main, USAGE);
