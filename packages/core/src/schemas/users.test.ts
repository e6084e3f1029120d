import { describe, expect, it } from 'vitest';
import {
  AdminStatusRequestSchema,
  PlanIdSchema,
  PremiumStatusRequestSchema,
  SendVerificationRequestSchema,
  TimeZoneRequestSchema,
  UpdateEmailRequestSchema,
  UpdateUsernameRequestSchema,
  UserIdParamsSchema,
  UserListResponseSchema,
} from './users.js';

describe('admin and profile requests', () => {
  it.each([
    [
      'premium status',
      PremiumStatusRequestSchema,
      { userId: 'u1', isPaidUser: true, role: 'x' },
      { userId: 'u1', isPaidUser: true },
    ],
    [
      'admin status',
      AdminStatusRequestSchema,
      { userId: 'u1', isAdmin: false },
      { userId: 'u1', isAdmin: false },
    ],
    [
      'email, lower-cased',
      UpdateEmailRequestSchema,
      { userId: 'u1', email: ' Ann@Example.COM ' },
      { userId: 'u1', email: 'ann@example.com' },
    ],
    [
      'username',
      UpdateUsernameRequestSchema,
      { userId: 'u1', username: 'ann_b' },
      { userId: 'u1', username: 'ann_b' },
    ],
    ['send verification', SendVerificationRequestSchema, { userId: 'u1' }, { userId: 'u1' }],
    ['id params', UserIdParamsSchema, { id: 'u1' }, { id: 'u1' }],
    [
      'time zone',
      TimeZoneRequestSchema,
      { timeZone: 'Europe/Paris' },
      { timeZone: 'Europe/Paris' },
    ],
  ])('%s parses and strips unknown keys', (_scenario, schema, input, expected) => {
    expect(schema.parse(input)).toEqual(expected);
  });

  it.each([
    [
      'premium status as text',
      PremiumStatusRequestSchema,
      { userId: 'u1', isPaidUser: 'yes' },
      'Premium status must be true or false',
    ],
    [
      'admin status missing',
      AdminStatusRequestSchema,
      { userId: 'u1' },
      'Admin status is required',
    ],
    [
      'a bad email',
      UpdateEmailRequestSchema,
      { userId: 'u1', email: 'nope' },
      'Please enter a valid email address',
    ],
    [
      'a short username',
      UpdateUsernameRequestSchema,
      { userId: 'u1', username: 'a' },
      'Username must be 3 to 30 characters long',
    ],
    ['no user id', SendVerificationRequestSchema, {}, 'Id is required'],
    [
      'an unknown time zone',
      TimeZoneRequestSchema,
      { timeZone: 'Mars/Base' },
      'Time zone must be an IANA name such as Europe/Paris',
    ],
    ['an unknown plan', PlanIdSchema, 'weekly', 'Plan must be quick, monthly, quarterly or annual'],
  ])('refuses %s', (_scenario, schema, input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('lists users', () => {
    expect(UserListResponseSchema.safeParse([]).success).toBe(true);
  });
});
