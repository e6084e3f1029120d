import pg from 'pg';
import { join } from 'node:path';
import { SERVER } from './lib/app.mjs';
import { cleanUp, installCleanUp } from './lib/cleanup.mjs';
import { createBenchDatabase } from './lib/postgres.mjs';
import { startServer, stop, tempDir } from './lib/processes.mjs';
import { COUNT_SQL, expectedCounts, leaderboardQuery, seedStatements, answerProblem } from './lib/leaderboard-data.mjs';
installCleanUp();
try {
  const db = await createBenchDatabase();
  const dir = tempDir();
  const env = { LOG_LEVEL: 'warn', DATA_DIR: dir, DATABASE_URL: db.url, WEB_DIST: join(dir, 'x') };
  let s = await startServer('PG', SERVER, env);
  await stop(s);
  const c = new pg.Client(db.url); c.on('error', () => {}); await c.connect();
  const o = { users: 2000, tradesPerUser: 50 };
  let t0 = performance.now();
  await c.query('begin');
  for (const q of seedStatements(o)) await c.query(q);
  await c.query('commit');
  console.log('seed ms', performance.now() - t0);
  console.log((await c.query(COUNT_SQL)).rows, expectedCounts(o));
  const q = await leaderboardQuery('gain', 'desc');
  console.log(q.sql, q.params);
  for (const an of [false, true]) {
    if (an) await c.query('analyze');
    const r = await c.query('explain (analyze, buffers) ' + q.sql, q.params);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
  s = await startServer('PG', SERVER, env);
  for (const sort of ['trades','winrate','gain','rr']) for (const d of ['asc','desc']) {
    const res = await fetch(`${s.url}/api/leaderboard?sort=${sort}&direction=${d}`);
    const rows = await res.json();
    console.log(sort, d, res.status, answerProblem(rows, sort, d, 100), rows.slice(0,3).map(r=>JSON.stringify(r)).join(' '));
  }
  await stop(s);
  await c.end();
} catch (e) { console.error('ERR', e); } finally { await cleanUp(); }
process.exit();
