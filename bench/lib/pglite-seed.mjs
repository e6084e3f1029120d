// Child process of leaderboard.mjs: fills a PGlite data folder the server has migrated (and
// released: PGlite has no lock between processes, the server's data folder lock is why this
// runs while no server does), then, when the parent says so, times the leaderboard query with
// EXPLAIN ANALYZE. Its own process: PGlite's WebAssembly heap stays out of the load generator.
//
//   fork('lib/pglite-seed.mjs', [pgliteDir, users, tradesPerUser])
//   → { seeded: { seconds, counts } }   ← 'explain'   → { explain }   then exits
import { PGlite } from '@electric-sql/pglite';
import { COUNT_SQL, explainQuery, leaderboardQuery, seedStatements } from './leaderboard-data.mjs';

const [dir, users, tradesPerUser] = process.argv.slice(2);
const send = (message) => new Promise((resolve) => process.send(message, resolve));

try {
  const db = new PGlite(dir);
  await db.waitReady;
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (const statement of seedStatements({
      users: Number(users),
      tradesPerUser: Number(tradesPerUser),
    })) {
      await tx.exec(statement);
    }
  });
  // PGlite has no autovacuum: statistics and the visibility map only come from an explicit run.
  await db.exec('vacuum analyze');
  const seconds = (performance.now() - started) / 1000;
  const [counts] = (await db.query(COUNT_SQL)).rows;
  await send({ seeded: { seconds, counts } });
  await new Promise((resolve) => process.once('message', resolve));
  const query = await leaderboardQuery('gain', 'desc');
  const explain = await explainQuery(
    async (sql, params) => (await db.query(sql, params)).rows,
    query,
  );
  await send({ explain });
  await db.close();
  process.exit(0);
} catch (err) {
  await send({ error: err.stack ?? String(err) });
  process.exit(1);
}
