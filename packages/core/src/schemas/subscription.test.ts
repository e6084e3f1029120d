import { describe, expect, it } from 'vitest';
import {
  AddSubscriptionRequestSchema,
  CancelSubscriptionResponseSchema,
  SetSubscriptionDateRequestSchema,
  SubscriptionResponseSchema,
} from './subscription.js';

describe('subscription schemas', () => {
  it('adds a known plan only', () => {
    expect(AddSubscriptionRequestSchema.parse({ plan: 'annual' })).toEqual({ plan: 'annual' });
    expect(AddSubscriptionRequestSchema.safeParse({ plan: 'lifetime' }).success).toBe(false);
  });

  it.each([
    ['a date means midnight UTC', '2025-12-31', '2025-12-31T00:00:00.000Z'],
    ['a date-time with offset', '2025-12-31T10:00:00+02:00', '2025-12-31T08:00:00.000Z'],
  ])('set-date: %s', (_scenario, endDate, expected) => {
    expect(SetSubscriptionDateRequestSchema.parse({ endDate })).toEqual({ endDate: expected });
  });

  it.each(['31/12/2025', '', 'tomorrow'])('set-date refuses %j', (endDate) => {
    expect(SetSubscriptionDateRequestSchema.safeParse({ endDate }).error?.issues[0]?.message).toBe(
      'End date must be a date (YYYY-MM-DD) or an ISO date and time',
    );
  });

  it('describes the cancel answer', () => {
    const answer = {
      subscription: {
        active: false,
        plan: 'monthly',
        startDate: null,
        endDate: '2025-04-01T00:00:00.000Z',
        remainingDays: 12,
      },
      isPaidUser: true,
      freeTrial: { available: false, nextClaimAt: '2025-04-10T00:00:00.000Z' },
      message: 'Subscription cancelled successfully',
    };
    expect(CancelSubscriptionResponseSchema.parse(answer)).toEqual(answer);
    const { message: _message, ...plain } = answer;
    expect(SubscriptionResponseSchema.parse(plain)).toEqual(plain);
    expect(SubscriptionResponseSchema.safeParse({ ...plain, freeTrial: undefined }).success).toBe(
      false,
    );
  });
});
