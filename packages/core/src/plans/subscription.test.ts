import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../schemas/users.js';
import {
  canClaimFreeTrial,
  freeTrialStatus,
  subscriptionFromPeriod,
  subscriptionStatus,
  emptySubscription,
  hasSubscriptionAccess,
  isPremium,
  isSubscriptionActive,
  MS_PER_DAY,
  remainingDays,
  subscriptionAfterAdd,
  subscriptionAfterCancel,
  subscriptionAsOf,
  subscriptionWithEndDate,
} from './subscription.js';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const running = (days: number, active = true): Subscription => ({
  active,
  plan: 'monthly',
  startDate: iso(NOW - 5 * MS_PER_DAY),
  endDate: iso(NOW + days * MS_PER_DAY),
  remainingDays: 0,
});

describe('remainingDays', () => {
  it.each([
    ['exactly 30 days left', NOW + 30 * MS_PER_DAY, 30],
    ['one millisecond into the last day counts as a day', NOW + 1, 1],
    ['29 days and an hour is 30', NOW + 29 * MS_PER_DAY + 3_600_000, 30],
    ['ended yesterday floors at 0', NOW - MS_PER_DAY, 0],
    ['ends right now', NOW, 0],
    ['ISO input', '2025-03-20T12:00:00.000Z', 10],
    ['no end date', null, 0],
    ['unreadable date', 'soon', 0],
  ])('%s', (_scenario, endDate, expected) => {
    expect(remainingDays(endDate, NOW)).toBe(expected);
  });

  it('is the ceiling of the days left, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (offset) => {
        const days = remainingDays(NOW + offset, NOW);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(days)).toBe(true);
        if (offset <= 0) expect(days).toBe(0);
        else {
          expect(days * MS_PER_DAY).toBeGreaterThanOrEqual(offset);
          expect((days - 1) * MS_PER_DAY).toBeLessThan(offset);
        }
      }),
    );
  });
});

describe('access, active and premium', () => {
  it.each([
    ['running', running(10), true, true],
    ['cancelled but not ended keeps access', running(10, false), true, false],
    ['ended', running(-1), false, false],
    ['none', null, false, false],
  ])('%s', (_scenario, sub, access, active) => {
    expect(hasSubscriptionAccess(sub, NOW)).toBe(access);
    expect(isSubscriptionActive(sub, NOW)).toBe(active);
  });

  it.each([
    ['the admin flag alone', { isPaidUser: true, subscription: null }, true],
    [
      'a cancelled subscription until its end',
      { isPaidUser: false, subscription: running(3, false) },
      true,
    ],
    ['an ended subscription', { isPaidUser: false, subscription: running(-3) }, false],
    ['nothing', { isPaidUser: false }, false],
  ])('isPremium: %s', (_scenario, user, expected) => {
    expect(isPremium(user, NOW)).toBe(expected);
  });
});

describe('subscription changes', () => {
  it('adding to nothing starts now for the plan length', () => {
    const sub = subscriptionAfterAdd(null, 'quarterly', NOW);
    expect(sub).toEqual({
      active: true,
      plan: 'quarterly',
      startDate: iso(NOW),
      endDate: iso(NOW + 90 * MS_PER_DAY),
      remainingDays: 90,
    });
  });

  it('adding to a running subscription extends from its end date', () => {
    const sub = subscriptionAfterAdd(running(10), 'monthly', NOW);
    expect(sub.remainingDays).toBe(40);
    expect(sub.startDate).toBe(running(10).startDate);
  });

  it('adding after expiry starts again from now', () => {
    expect(subscriptionAfterAdd(running(-5), 'quick', NOW).remainingDays).toBe(10);
  });

  it('cancel makes it inactive and keeps the end date', () => {
    const sub = subscriptionAfterCancel(running(12), NOW);
    expect(sub).toMatchObject({ active: false, endDate: running(12).endDate, remainingDays: 12 });
  });

  it('set-date moves the end and decides active by it', () => {
    expect(subscriptionWithEndDate(running(3), iso(NOW + 7 * MS_PER_DAY), NOW)).toMatchObject({
      active: true,
      remainingDays: 7,
    });
    expect(subscriptionWithEndDate(null, iso(NOW - MS_PER_DAY), NOW)).toMatchObject({
      active: false,
      remainingDays: 0,
      plan: null,
    });
  });

  it('asOf turns an ended subscription inactive', () => {
    expect(subscriptionAsOf(running(-1), NOW)).toMatchObject({ active: false, remainingDays: 0 });
    expect(emptySubscription()).toEqual({
      active: false,
      plan: null,
      startDate: null,
      endDate: null,
      remainingDays: 0,
    });
  });
});

describe('canClaimFreeTrial', () => {
  it.each([
    ['never claimed', null, true],
    ['claimed 29 days ago', NOW - 29 * MS_PER_DAY, false],
    ['claimed 30 days ago', NOW - 30 * MS_PER_DAY, true],
    ['claimed yesterday (ISO)', iso(NOW - MS_PER_DAY), false],
    ['unreadable claim date', 'garbage', true],
  ])('%s', (_scenario, last, expected) => {
    expect(canClaimFreeTrial(last, NOW)).toBe(expected);
  });
});

describe('freeTrialStatus', () => {
  const now = Date.parse('2026-03-31T12:00:00Z');
  it.each([
    ['never claimed, not premium', null, false, { available: true, nextClaimAt: null }],
    ['never claimed, already premium', null, true, { available: false, nextClaimAt: null }],
    [
      'claimed 29 days ago',
      now - 29 * MS_PER_DAY,
      false,
      { available: false, nextClaimAt: '2026-04-01T12:00:00.000Z' },
    ],
    [
      'claimed exactly 30 days ago',
      now - 30 * MS_PER_DAY,
      false,
      { available: true, nextClaimAt: null },
    ],
  ] as const)('%s', (_scenario, last, premium, expected) => {
    expect(freeTrialStatus(last, premium, now)).toEqual(expected);
  });
});

describe('subscriptionFromPeriod / subscriptionStatus', () => {
  const now = Date.parse('2026-03-01T00:00:00Z');
  const period = {
    plan: 'monthly' as const,
    startDate: new Date('2026-02-01T00:00:00Z'),
    endDate: new Date('2026-03-03T12:00:00Z'),
    cancelledAt: null,
  };

  it.each([
    ['no period', null, { active: false, plan: null, remainingDays: 0 }, 'none'],
    ['a running period', period, { active: true, plan: 'monthly', remainingDays: 3 }, 'active'],
    [
      'a cancelled period keeps its days',
      { ...period, cancelledAt: new Date(now - 1000) },
      { active: false, plan: 'monthly', remainingDays: 3 },
      'cancelled',
    ],
    [
      'an ended period',
      { ...period, endDate: new Date(now - 1) },
      { active: false, plan: 'monthly', remainingDays: 0 },
      'inactive',
    ],
  ] as const)('%s', (_scenario, stored, expected, status) => {
    const sub = subscriptionFromPeriod(stored, now);
    expect(sub).toMatchObject(expected);
    expect(subscriptionStatus(sub)).toBe(status);
  });
});
