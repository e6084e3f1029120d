import { PaymentLinksResponseSchema } from '@tb/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.js';

/** Payment links come from config only; no database is involved, so PGlite is enough. */
describe.each([
  [
    'configured',
    {
      PAYMENT_LINK_MONTHLY: 'https://pay.example.com/monthly',
      PAYMENT_LINK_QUARTERLY: '',
      PAYMENT_LINK_ANNUAL: 'https://pay.example.com/annual?ref=tb',
    },
    {
      monthly: 'https://pay.example.com/monthly',
      quarterly: null,
      annual: 'https://pay.example.com/annual?ref=tb',
    },
  ],
  ['not configured', {}, { monthly: null, quarterly: null, annual: null }],
])('GET /api/payment/links, %s', (_name, env, links) => {
  const ctx = {} as TestContext;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const made = await createTestContext('pglite', env);
    Object.assign(ctx, made.ctx);
    close = made.close;
  });
  afterAll(() => close());

  it('answers anyone with the link of each plan, null where none is set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payment/links' });
    expect(res.statusCode).toBe(200);
    // Without NOWPAYMENTS_* keys, Pay opens these links (no checkout).
    expect(res.json()).toEqual({ links, checkout: false });
    expect(PaymentLinksResponseSchema.parse(res.json())).toEqual({ links, checkout: false });
  });

  it('ignores a bearer token that is not valid (the route is public)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/payment/links',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(200);
  });
});
