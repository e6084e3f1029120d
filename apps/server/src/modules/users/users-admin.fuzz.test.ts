import { LEADERBOARD_SORT_KEYS } from '@tb/core';
import { asc, count, notLike } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { auditLog, emailTokens, sessions, subscriptions, users } from '../../db/schema/index.js';
import { bearer, insertTrade, roles } from '../../test/api.js';
import {
  expectClearRefusal,
  numberish,
  sendFuzzed,
  type FuzzRoute,
} from '../../test/fuzz-routes.js';
import { describeEachDatabase } from '../../test/helper.js';

/** Account, admin, audit and leaderboard routes that take input; `{x}` is a generated value. */
const ROUTES: FuzzRoute[] = [
  { method: 'GET', url: '/api/users/all?page={x}' },
  { method: 'GET', url: '/api/users/all?pageSize={x}&search={x}' },
  { method: 'PUT', url: '/api/users/premium-status' },
  { method: 'PUT', url: '/api/users/admin-status' },
  { method: 'PUT', url: '/api/users/email' },
  { method: 'PUT', url: '/api/users/username' },
  { method: 'POST', url: '/api/users/send-verification' },
  { method: 'DELETE', url: '/api/users/{x}' },
  { method: 'GET', url: '/api/admin/audit-log?limit={x}' },
  { method: 'PUT', url: '/api/users/password' },
  { method: 'PUT', url: '/api/users/leaderboard' },
  { method: 'GET', url: '/api/leaderboard?sort={x}' },
  { method: 'GET', url: '/api/leaderboard?direction={x}' },
];

/** Ids that name no account: text, look-alikes, injection attempts, unknown uuids. */
const badId = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.uuid(),
  fc.constantFrom("1' or '1'='1", '../admin', '00000000-0000-0000-0000-000000000000', ''),
  fc.integer(),
  fc.constant(null),
);
const notBoolean = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant([]));
/** Well-formed bodies naming an account that does not exist: 404 on every admin call. */
const unknownTarget = fc.record({
  userId: fc.uuid(),
  isPaidUser: fc.boolean(),
  isAdmin: fc.boolean(),
  email: fc.emailAddress(),
  username: fc.stringMatching(/^[a-z0-9]{3,20}$/),
});
const badBody = fc.oneof(
  fc.anything(),
  unknownTarget,
  fc.record(
    {
      userId: badId,
      isPaidUser: fc.oneof(fc.boolean(), notBoolean),
      isAdmin: fc.oneof(fc.boolean(), notBoolean),
      email: fc.oneof(
        fc.string(),
        fc.emailAddress().map((e) => `${e}@`),
        fc.integer(),
      ),
      username: fc.oneof(fc.string(), fc.string({ minLength: 31 }), fc.constant('a b c')),
      currentPassword: fc.oneof(fc.string({ maxLength: 300 }), numberish(0)),
      newPassword: fc.oneof(fc.string({ maxLength: 5 }), fc.string({ minLength: 300 })),
      showOnLeaderboard: notBoolean,
    },
    { requiredKeys: [] },
  ),
);
/**
 * Path and query values no route accepts: not a known id, a page (any whole number from 1), a
 * limit, a sort key or a direction.
 */
const badParam = fc
  .oneof(
    fc.string({ maxLength: 120 }),
    fc.constantFrom('-1', '0', '201', '1e9', '2.5', 'NaN', 'GAIN', 'ascending', 'drop table'),
  )
  .filter((s) => {
    const n = Number(s);
    const known = [...LEADERBOARD_SORT_KEYS, 'asc', 'desc'] as string[];
    return !(Number.isInteger(n) && n >= 1) && !known.includes(s);
  });

describeEachDatabase('fuzzing the account, admin and leaderboard routes', (ctx) => {
  const snapshot = async () => {
    const db = ctx.database.db;
    // Last activity is bookkeeping of any authenticated request, not a change by the input.
    const rows = (await db.select().from(users).orderBy(asc(users.id))).map(
      ({ lastActiveAt: _lastActiveAt, ...row }) => row,
    );
    const counts = await Promise.all(
      [sessions, emailTokens, subscriptions].map(
        async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
      ),
    );
    // A refused admin request is a security event in the audit log, not a change (issue 29).
    const [changes] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(notLike(auditLog.action, 'auth.%'));
    return { rows, counts: [changes!.n, ...counts] };
  };

  it('answers generated bad input with a 4xx and a readable message, and changes nothing', async () => {
    const r = await roles(ctx.app, ctx.database);
    await insertTrade(ctx.database, { userId: r.user.id, status: 'TARGET_HIT', pnlUsd: 30 });
    const callers = [bearer(r.admin.token), bearer(r.user.token), bearer(r.premium.token), {}];
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom(...callers),
        badBody,
        badParam,
        async (route, headers, body, param) => {
          const { res, what } = await sendFuzzed(ctx.app, headers, route, body, param);
          expectClearRefusal(res, what);
          expect(res.body, what).not.toMatch(/\bat .+\.(ts|js):\d+|password_hash|\$argon2/);
        },
      ),
      { numRuns: 500 },
    );
    expect(await snapshot()).toEqual(before);
  });
});
