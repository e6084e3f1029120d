// The request path against its floor (issue 14): `floor.mjs` (a bare Fastify doing the two
// primary-key reads of an authenticated board read) and the app's authenticated
// `GET /api/bingo/card` and `GET /api/users/me`, measured in the same run on PGlite and on
// PostgreSQL, with the card's share of the floor. Same options, database and clean-up as
// api.mjs (lib/options.mjs); the entry goes into RESULTS.md unless --no-record.
//
//   npx tsc -b packages/core apps/server && node bench/request-path.mjs [--duration 10]
//   node bench/request-path.mjs --duration 3 --no-postgres --no-record   (a quick look)
import { existsSync } from 'node:fs';
import { SERVER } from './lib/app.mjs';
import { installCleanUp, runBench } from './lib/cleanup.mjs';
import { QUIET_CORES, waitForCalm } from './lib/cpu.mjs';
import { fmtCores } from './lib/format.mjs';
import { USAGE, parseArgs } from './lib/options.mjs';
import { createBenchDatabase, postgresCpu } from './lib/postgres.mjs';
import { removeDir, tempDir } from './lib/processes.mjs';
import { printEntry } from './lib/report.mjs';
import { measureDatabase, requestPathEntry } from './lib/request-path.mjs';

installCleanUp();

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build first (npm run build)`);
  const postgres = opts.postgres ? await createBenchDatabase() : undefined;
  const backgroundLoad = await waitForCalm(60);
  if (backgroundLoad > QUIET_CORES) {
    console.warn(`warning: ${fmtCores(backgroundLoad)} cores busy with other work before the run`);
  }
  const startedAt = new Date();
  console.log(
    `Request path vs floor: ${opts.duration} s per measurement, ${opts.connections} connections at max load, ${opts.rate} req/s fixed load`,
  );
  const rows = [];
  const logLines = {};
  const databases = [['PGlite', {}]];
  if (postgres) databases.push(['PostgreSQL', { DATABASE_URL: postgres.url }, postgresCpu]);
  for (const [label, env, dbCpu] of databases) {
    // PGlite: the floor and the app each get a fresh folder (one process per folder).
    const floorDir = tempDir();
    const appDir = tempDir();
    const floorEnv = { DATA_DIR: floorDir, ...env };
    const appEnv = { DATA_DIR: appDir, ...env };
    const result = await measureDatabase(label, { floor: floorEnv, app: appEnv }, opts, dbCpu);
    rows.push(...result.rows);
    logLines[label] = result.logLines;
    removeDir(floorDir);
    removeDir(appDir);
  }
  const entry = requestPathEntry({
    startedAt,
    opts,
    pgVersion: postgres?.version,
    backgroundLoad,
    logLines,
    rows,
  });
  printEntry(entry, opts.record);
}

await runBench(main, USAGE);
