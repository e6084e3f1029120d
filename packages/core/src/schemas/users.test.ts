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
  AdminUserListQuerySchema,
  ChangePasswordRequestSchema,
  LeaderboardVisibilityRequestSchema,
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

  it('reads the admin list query from text, with defaults', () => {
    expect(AdminUserListQuerySchema.parse({})).toEqual({ search: '', page: 1, pageSize: 25 });
    expect(AdminUserListQuerySchema.parse({ search: ' Bob ', page: '2', pageSize: '50' })).toEqual({
      search: 'Bob',
      page: 2,
      pageSize: 50,
    });
  });

  it.each([
    [{ page: '0' }, 'Page must be a whole number of 1 or more'],
    [{ page: 'x' }, 'Page must be a whole number of 1 or more'],
    [{ pageSize: '500' }, 'Page size must be a whole number from 1 to 100'],
    [{ search: 'a'.repeat(101) }, 'Search must be at most 100 characters'],
  ])('refuses the list query %j', (query, message) => {
    expect(AdminUserListQuerySchema.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it('needs the current password and a new one of 6 characters', () => {
    expect(
      ChangePasswordRequestSchema.safeParse({ currentPassword: '', newPassword: 'secret1' }).error
        ?.issues[0]?.message,
    ).toBe('Current password is required');
    expect(
      ChangePasswordRequestSchema.safeParse({ currentPassword: 'old', newPassword: 'short' }).error
        ?.issues[0]?.message,
    ).toBe('Password must be at least 6 characters long');
  });

  it('takes leaderboard visibility as a boolean', () => {
    expect(LeaderboardVisibilityRequestSchema.parse({ showOnLeaderboard: false })).toEqual({
      showOnLeaderboard: false,
    });
    expect(
      LeaderboardVisibilityRequestSchema.safeParse({ showOnLeaderboard: 'no' }).error?.issues[0]
        ?.message,
    ).toBe('Leaderboard visibility must be true or false');
  });
});
