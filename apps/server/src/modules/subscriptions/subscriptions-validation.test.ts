import { beforeAll, expect, it } from 'vitest';
import {
  addPlan,
  auditEntriesFor,
  bearer,
  register,
  roles,
  subscriptionRowsOf,
} from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const planMessage = 'Plan must be quick, monthly, quarterly or annual';
const endDateMessage = 'End date must be a date (YYYY-MM-DD) or an ISO date and time';

/** Bad bodies of the admin calls: 400 naming the field, nothing stored, nothing audited. */
const BAD_BODIES: Array<[string, 'add' | 'set-date', unknown, string]> = [
  ['no plan', 'add', {}, planMessage],
  ['an unknown plan', 'add', { plan: 'weekly' }, planMessage],
  ['the free plan (claimed, never granted)', 'add', { plan: 'free' }, planMessage],
  ['a plan in capitals', 'add', { plan: 'Monthly' }, planMessage],
  ['a number of days', 'add', { plan: 30 }, planMessage],
  ['no end date', 'set-date', {}, endDateMessage],
  ['a word', 'set-date', { endDate: 'tomorrow' }, endDateMessage],
  ['an impossible day', 'set-date', { endDate: '2026-02-30' }, endDateMessage],
  ['a time without a zone', 'set-date', { endDate: '2026-12-31T10:00:00' }, endDateMessage],
  ['epoch milliseconds', 'set-date', { endDate: 1_798_675_200_000 }, endDateMessage],
  ['null', 'set-date', { endDate: null }, endDateMessage],
];

describeEachDatabase('subscriptions: bad input', (ctx) => {
  let adminToken = '';
  let target = { id: '', username: '' };
  let before: unknown[] = [];
  let auditBefore: unknown[] = [];

  beforeAll(async () => {
    adminToken = (await roles(ctx.app, ctx.database)).admin.token;
    target = await register(ctx.app);
    await addPlan(ctx.app, adminToken, target.id, 'monthly');
    before = await subscriptionRowsOf(ctx.database, target.id);
    auditBefore = await auditEntriesFor(ctx.database, target.id);
  });

  it.each(BAD_BODIES)(
    'refuses %s (%s) with 400 and changes nothing',
    async (_n, path, body, msg) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/users/${target.id}/subscription/${path}`,
        headers: bearer(adminToken),
        payload: body as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: msg,
        field: path === 'add' ? 'plan' : 'endDate',
      });
      expect(await subscriptionRowsOf(ctx.database, target.id)).toEqual(before);
      expect(await auditEntriesFor(ctx.database, target.id)).toEqual(auditBefore);
    },
  );

  it.each([
    ['no body', undefined, undefined],
    ['a JSON array', '[]', 'application/json'],
    ['broken JSON', '{"plan":', 'application/json'],
    ['a form', 'plan=monthly', 'application/x-www-form-urlencoded'],
  ])('refuses %s with a 4xx and a readable message', async (_name, payload, type) => {
    for (const path of ['add', 'set-date']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/users/${target.id}/subscription/${path}`,
        headers: { ...bearer(adminToken), ...(type && { 'content-type': type }) },
        ...(payload !== undefined && { payload }),
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error.message).toMatch(/\w+/);
    }
    expect(await subscriptionRowsOf(ctx.database, target.id)).toEqual(before);
    expect(await auditEntriesFor(ctx.database, target.id)).toEqual(auditBefore);
  });
});
