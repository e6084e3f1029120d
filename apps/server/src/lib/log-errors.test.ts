import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, describeEachDatabase, type TestContext } from '../test/helper.js';
import { newUser } from '../test/api.js';
import { safeErrorMessage, serializeError } from './log-errors.js';

/** A user whose every field looks like a secret worth finding in a log. */
const secretUser = () => {
  const user = newUser('leaky');
  return { ...user, password: 'Pa55word-never-logged-7f3a' };
};

/** The parts of a sign-up that must never reach the log, argon2 hash prefix included. */
const secretsOf = (user: { username: string; email: string; password: string }) => [
  user.username,
  user.email,
  user.password,
  '$argon2id$',
];

describeEachDatabase(
  'failed queries are logged without their parameters',
  (ctx) => {
    beforeAll(async () => {
      // Every new account now fails in the database with the whole row as parameters.
      await ctx.database.db.execute(
        sql.raw('alter table users add constraint tb_test_no_signups check (false) not valid'),
      );
    });

    it('a failed insert logs its SQLSTATE and SQL, never the email, name or password hash', async () => {
      const user = secretUser();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: user,
      });
      expect(res.statusCode).toBe(500);
      const failure = ctx.logs.find((line) => line.includes('"request failed"'));
      expect(failure).toBeDefined();
      for (const secret of secretsOf(user)) expect(ctx.logs.join('\n')).not.toContain(secret);
      expect(failure).toContain('23514');
      expect(failure).toMatch(/insert into \\"users\\"/);
    });
  },
  { captureLogs: true },
);

describe('a closed database', () => {
  let ctx: TestContext;
  let close = async () => undefined as void;
  beforeAll(async () => {
    ({ ctx, close } = await createTestContext('pglite', {}, { captureLogs: true }));
    await ctx.database.close();
  });
  afterAll(() => close().catch(() => undefined));

  it('answers 503 and logs the cause without the sign-up parameters', async () => {
    const user = secretUser();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: user });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
    const line = ctx.logs.find((l) => l.includes('"database unavailable"'));
    expect(line).toContain('PGlite is closed');
    for (const secret of secretsOf(user)) expect(ctx.logs.join('\n')).not.toContain(secret);
  });
});

describe('serializeError', () => {
  it('hides a parameter quoted by a data exception and PostgreSQL detail', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await db.execute(sql`create table t (id uuid, name text check (name <> 'taken-name'))`);
    const badUuid = await db
      .execute(sql`insert into t (id) values (${'not-a-uuid-secret'})`)
      .catch((e: unknown) => e);
    const badRow = await db
      .execute(sql`insert into t (name) values (${'taken-name'})`)
      .catch((e: unknown) => e);
    await client.close();

    const uuidLine = JSON.stringify(serializeError(badUuid));
    expect(uuidLine).not.toContain('not-a-uuid-secret');
    expect(uuidLine).toContain('22P02');
    expect(uuidLine).toContain('invalid input syntax for type uuid');
    const rowLine = JSON.stringify(serializeError(badRow));
    expect(rowLine).not.toContain('taken-name');
    expect(rowLine).toContain('23514');
    expect(safeErrorMessage(badRow)).toBe('Failed query: insert into t (name) values ($1)');
  });

  it('keeps the frames of the stack and plain values as they are', () => {
    const err = Object.assign(new Error('boom'), { code: 'E_X', status: 502 });
    const out = serializeError(err);
    expect(out).toMatchObject({ type: 'Error', message: 'boom', code: 'E_X', status: 502 });
    expect(typeof out === 'object' && out.stack).toMatch(/^Error: boom\n\s+at /);
    expect(serializeError('a string')).toBe('a string');
  });
});
