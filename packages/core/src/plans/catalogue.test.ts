import { describe, expect, it } from 'vitest';
import {
  FREE_TRIAL,
  PAYMENT_TERMS,
  PLANS,
  planSavingsPct,
  PURCHASABLE_PLAN_IDS,
  subscriptionPlanName,
} from './catalogue.js';

describe('PLANS', () => {
  it.each([
    ['quick', null, 10, null],
    ['monthly', 9, 30, null],
    ['quarterly', 20, 90, 26],
    ['annual', 60, 365, 44],
  ] as const)('%s costs %s for %i days (save %s %%)', (id, price, days, save) => {
    expect(PLANS[id]).toMatchObject({ id, priceUsd: price, durationDays: days, savePct: save });
  });

  it('sells monthly, quarterly and annual', () => {
    expect(PURCHASABLE_PLAN_IDS).toEqual(['monthly', 'quarterly', 'annual']);
  });

  it('has the free plan and payment terms of SPEC.md', () => {
    expect(FREE_TRIAL).toMatchObject({ priceUsd: 0, durationDays: 3, claimEveryDays: 30 });
    expect(PAYMENT_TERMS).toEqual({
      moneyBackDays: 30,
      paymentFeePct: 0.5,
      cryptocurrencies: '300+',
    });
  });
});

describe('planSavingsPct', () => {
  it.each([
    ['monthly', 0],
    ['quarterly', 26],
    ['annual', 44],
    ['quick', null],
  ] as const)('%s saves %s %%, matching the advertised figure', (id, expected) => {
    expect(planSavingsPct(id)).toBe(expected);
    if (PLANS[id].savePct !== null) expect(planSavingsPct(id)).toBe(PLANS[id].savePct);
  });
});

describe('subscriptionPlanName', () => {
  it.each([
    ['free', 'Free (3 days)'],
    ['quick', 'Quick'],
    ['annual', 'Annual'],
  ] as const)('%s is shown as %s', (plan, name) => {
    expect(subscriptionPlanName(plan)).toBe(name);
  });
});
