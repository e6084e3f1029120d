import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bearer, register } from './api.js';
import {
  expectClearRefusal,
  nastyText,
  numberish as numberishWith,
  sendFuzzed,
  type FuzzRoute,
} from './fuzz-routes.js';
import { describeEachDatabase } from './helper.js';

/** Dashboard routes that take input, called with a valid session and generated bad input. */
const ROUTES: FuzzRoute[] = [
  { method: 'POST', url: '/api/bingo/card' },
  { method: 'PATCH', url: '/api/bingo/card/cell/{x}' },
  { method: 'POST', url: '/api/trades' },
  { method: 'PUT', url: '/api/trades/{x}' },
  { method: 'PUT', url: '/api/trades/{x}/status' },
  { method: 'POST', url: '/api/trades/{x}/exits' },
  { method: 'POST', url: '/api/trades/{x}/undo-exit' },
  { method: 'DELETE', url: '/api/trades/{x}' },
  { method: 'POST', url: '/api/risk-management/update' },
  { method: 'POST', url: '/api/risk-management/settings' },
  { method: 'PUT', url: '/api/users/widget-layout' },
];

const numberish = numberishWith(-0.5);
const badBody = fc.oneof(
  fc.anything(),
  fc.record(
    {
      isLong: fc.oneof(fc.boolean(), fc.string()),
      entryPrice: numberish,
      stopLoss: numberish,
      takeProfit: numberish,
      status: fc.constantFrom('OPEN', 'WIN', 'TARGET_HIT ', 7),
      profitLoss: numberish,
      exitCount: numberish,
      accountSize: numberish,
      baseTradeSize: numberish,
      cell: fc.record(
        { points: numberish, title: fc.oneof(nastyText(300), fc.integer()) },
        { requiredKeys: [] },
      ),
      layout: fc.array(fc.record({ i: fc.string(), x: numberish, w: numberish }), {
        minLength: 1,
        maxLength: 3,
      }),
      bingoPages: fc.array(fc.anything(), { maxLength: 2 }),
      version: numberish,
    },
    { requiredKeys: [] },
  ),
);
const badParam = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom('-1', '25', '1e3', '00000000-0000-0000-0000-000000000000'),
);

describeEachDatabase('fuzzing the dashboard routes with a valid session', (ctx) => {
  it('answers generated bad input with a 4xx and a readable message, and changes nothing', async () => {
    const user = await register(ctx.app);
    const auth = bearer(user.token);
    const snapshot = async () =>
      Promise.all(
        ['/api/bingo/card', '/api/trades', '/api/risk-management', '/api/users/widget-layout'].map(
          async (url) => (await ctx.app.inject({ method: 'GET', url, headers: auth })).json(),
        ),
      ).then(([card, trades, risk, layout]) => [
        card.data.version,
        trades,
        { ...risk, lastUpdate: '' },
        layout,
      ]);
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        badBody,
        badParam,
        async (route, body, param) => {
          const { res, what } = await sendFuzzed(ctx.app, auth, route, body, param);
          expectClearRefusal(res, what);
        },
      ),
      { numRuns: 400 },
    );
    expect(await snapshot()).toEqual(before);
  });
});
