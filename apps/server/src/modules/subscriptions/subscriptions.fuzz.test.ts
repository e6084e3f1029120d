import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  addPlan,
  auditEntriesFor,
  bearer,
  register,
  roles,
  subscriptionRowsOf,
} from '../../test/api.js';
import { expectClearRefusal, sendFuzzed, type FuzzRoute } from '../../test/fuzz-routes.js';
import { describeEachDatabase } from '../../test/helper.js';

/** The admin routes that take input; `{x}` is a generated user id or the real one. */
const ROUTES: FuzzRoute[] = [
  { method: 'POST', url: '/api/users/{x}/subscription/add' },
  { method: 'POST', url: '/api/users/{x}/subscription/set-date' },
];

/** Nothing here is a valid plan or end date (a generated string almost never is). */
const badBody = fc.oneof(
  fc.anything(),
  fc.record(
    {
      plan: fc.oneof(
        fc.constantFrom('free', 'Monthly', ' annual', 'weekly', '', 30, null, true),
        fc.string({ maxLength: 20 }),
      ),
      endDate: fc.oneof(
        fc.constantFrom('2026-02-30', '2026-12-31T10:00:00', '31/12/2026', 'tomorrow', '', null),
        fc.integer(),
        fc.double(),
        fc.string({ maxLength: 40 }),
        fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
      ),
    },
    { requiredKeys: [] },
  ),
);

describeEachDatabase('fuzzing the admin subscription routes', (ctx) => {
  it('answers generated bad input with a 4xx and a readable message, and changes nothing', async () => {
    const { admin } = await roles(ctx.app, ctx.database);
    const target = await register(ctx.app);
    await addPlan(ctx.app, admin.token, target.id, 'monthly');
    const badParam = fc.oneof(
      fc.constant(target.id),
      fc.string({ maxLength: 80 }),
      fc.uuid(),
      fc.constantFrom('00000000-0000-0000-0000-000000000000', `${target.id}x`, 'null'),
    );
    const before = await subscriptionRowsOf(ctx.database, target.id);
    const auditBefore = await auditEntriesFor(ctx.database, target.id);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), badBody, badParam, async (route, body, id) => {
        const { res, what } = await sendFuzzed(ctx.app, bearer(admin.token), route, body, id);
        expectClearRefusal(res, what);
      }),
      { numRuns: 300 },
    );
    expect(await subscriptionRowsOf(ctx.database, target.id)).toEqual(before);
    expect(await auditEntriesFor(ctx.database, target.id)).toEqual(auditBefore);
  });
});
