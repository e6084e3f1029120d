import pg from 'pg';
import type { AdvisoryLocks } from '../lib/user-lock.js';

/**
 * PostgreSQL session advisory locks on a small pool of their own: a held lock keeps its
 * connection for the length of a live action (exchange calls included), which must not take
 * the request pool's connections. A lock ends with its connection, so a crashed instance
 * never leaves one behind.
 */
export function pgAdvisoryLocks(config: pg.PoolConfig): AdvisoryLocks {
  const pool = new pg.Pool({ ...config, max: 16 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    async tryAcquire(key) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        );
        if (!rows[0]?.locked) {
          client.release();
          return null;
        }
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return async () => {
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
          client.release();
        } catch (err) {
          // A connection that failed here is dropped, and its locks with it.
          client.release(err as Error);
        }
      };
    },
    close: () => pool.end(),
  };
}
