// Child process of live-crash.mjs: opens a PGlite data folder that no server has open (a
// server's folder is its own while it runs), runs the queries it is sent, answers their rows
// and exits. Its own process: PGlite's WebAssembly heap stays out of the harness.
//
//   fork('lib/pglite-query.mjs', [pgliteDir], { serialization: 'advanced' })
//   → [{ sql, params }]   ← { rows: [rows of each query] } or { error }   then exits
import { PGlite } from '@electric-sql/pglite';

const [dir] = process.argv.slice(2);
const send = (message) => new Promise((resolve) => process.send(message, resolve));

process.once('message', async (queries) => {
  try {
    const db = new PGlite(dir);
    await db.waitReady;
    const rows = [];
    for (const { sql, params } of queries) rows.push((await db.query(sql, params ?? [])).rows);
    await db.close();
    await send({ rows });
    process.exit(0);
  } catch (err) {
    await send({ error: err.stack ?? String(err) });
    process.exit(1);
  }
});
