// The floor of an authenticated board read (issue 14): a bare Fastify, in its own process, doing
// only the two primary-key reads `GET /api/bingo/card` needs, on the app's own database drivers
// (PGlite or PostgreSQL through pg, the versions the app uses): the session row by the hash of
// the bearer token, then the board row by the session's user id, answered as JSON. No JWT, no
// hooks, no schema serialization: what is left of the app's request path when everything it
// could cache or skip is gone. `request-path.mjs` measures it beside the app in the same run.
//
// Environment: PORT; DATABASE_URL (PostgreSQL) or DATA_DIR (a PGlite folder, as the app uses);
// FLOOR_ACCOUNTS, how many accounts to seed (default 20). Bearer tokens are `floor-token-<i>`.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import Fastify from 'fastify';

// The drivers as the server resolves them: the same PGlite and pg the app runs on.
const serverRequire = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { defaultBingoState } = await import('@tb/core');

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS floor_sessions (
     token_hash text PRIMARY KEY, user_id uuid NOT NULL,
     expires_at timestamptz NOT NULL, revoked_at timestamptz)`,
  `CREATE TABLE IF NOT EXISTS floor_boards (
     user_id uuid PRIMARY KEY, pages jsonb NOT NULL, current_page_index integer NOT NULL,
     version integer NOT NULL, updated_at timestamptz NOT NULL)`,
];
const SESSION_SQL = `SELECT user_id FROM floor_sessions
  WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2`;
const BOARD_SQL = `SELECT pages, current_page_index, version, updated_at FROM floor_boards
  WHERE user_id = $1`;

/** `query(sql, params, name)` → rows, on PostgreSQL (pooled, named statements) or PGlite. */
async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const pg = serverRequire('pg');
    // As the app's pool: 10 connections, statements prepared once per connection by name.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    pool.on('error', () => undefined);
    return {
      query: async (text, values, name) => (await pool.query({ text, values, name })).rows,
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import(serverRequire.resolve('@electric-sql/pglite'));
  const dir = process.env.DATA_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  return {
    query: async (text, values) => (await client.query(text, values)).rows,
    close: () => client.close(),
  };
}

const tokenHash = (token) => createHash('sha256').update(token).digest('hex');

async function seed(db, accounts) {
  for (const statement of SCHEMA) await db.query(statement, []);
  const expires = new Date(Date.now() + 24 * 3600_000);
  for (let i = 0; i < accounts; i++) {
    const hash = tokenHash(`floor-token-${i}`);
    const [known] = await db.query('SELECT 1 FROM floor_sessions WHERE token_hash = $1', [hash]);
    if (known) {
      await db.query('UPDATE floor_sessions SET expires_at = $2 WHERE token_hash = $1', [
        hash,
        expires,
      ]);
      continue;
    }
    const userId = randomUUID();
    const board = defaultBingoState(randomUUID(), Date.now());
    await db.query('INSERT INTO floor_sessions VALUES ($1, $2, $3, NULL)', [hash, userId, expires]);
    await db.query('INSERT INTO floor_boards VALUES ($1, $2, 0, 1, now())', [
      userId,
      JSON.stringify(board.bingoPages),
    ]);
  }
}

const db = await openDatabase();
await seed(db, Number(process.env.FLOOR_ACCOUNTS ?? 20));

const app = Fastify({ logger: false });
app.get('/floor/card', async (req, reply) => {
  const token = /^bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
  const [session] = token
    ? await db.query(SESSION_SQL, [tokenHash(token), new Date()], 'floor_session')
    : [];
  if (!session) return reply.code(401).send({ error: { code: 'UNAUTHORIZED' } });
  const [row] = await db.query(BOARD_SQL, [session.user_id], 'floor_board');
  return {
    success: true,
    data: {
      bingoPages: row.pages,
      currentPageIndex: row.current_page_index,
      lastModified: new Date(row.updated_at).toISOString(),
      version: row.version,
      formatVersion: '2.0',
    },
  };
});
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT ?? 3902), host: '127.0.0.1' });
process.send?.('ready');
