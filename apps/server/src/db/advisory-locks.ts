import pg from 'pg';
import type { AdvisoryLocks } from '../lib/user-lock.js';

/**
 * PostgreSQL session advisory locks on a small pool of their own: a held lock keeps its
 * connection for the length of a live action (exchange calls included), which must not take
 * the request pool's connections. A lock ends with its connection, so a crashed instance
 * never leaves one behind; closing ends the connections still holding locks.
 */
export function pgAdvisoryLocks(config: pg.PoolConfig): AdvisoryLocks {
  const pool = new pg.Pool({ ...config, max: 16 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  /** Connections holding a lock, each with how to give it back once. */
  const held = new Map<pg.PoolClient, (err?: Error) => void>();
  const hold = (client: pg.PoolClient) => {
    let done = false;
    const give = (err?: Error) => {
      if (done) return;
      done = true;
      held.delete(client);
      client.release(err);
    };
    held.set(client, give);
    return give;
  };
  return {
    async tryAcquire(key) {
      const client = await pool.connect();
      const give = hold(client);
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        );
        if (!rows[0]?.locked) {
          give();
          return null;
        }
      } catch (err) {
        give(err as Error);
        throw err;
      }
      return async () => {
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
          give();
        } catch (err) {
          // A connection that failed here is dropped, and its locks with it.
          give(err as Error);
        }
      };
    },
    async close() {
      for (const give of [...held.values()]) give(new Error('closing'));
      await pool.end();
    },
  };
}
