import { describe, expect, it } from 'vitest';
import { describeAuditAction, describeAuditDetails } from './audit-words';

describe('describeAuditAction', () => {
  it.each([
    ['user.premium_status', { isPaidUser: true }, 'granted premium'],
    ['user.premium_status', { isPaidUser: false }, 'revoked premium'],
    ['user.premium_status', { username: 'al', old: false, new: true }, 'granted premium'],
    ['user.premium_status', { username: 'al', old: true, new: false }, 'revoked premium'],
    ['user.premium_status', null, 'changed premium status'],
    ['user.admin_status', { isAdmin: true }, 'made admin'],
    ['user.admin_status', { isAdmin: false }, 'removed admin'],
    ['user.admin_status', { username: 'al', old: true, new: false }, 'removed admin'],
    ['user.email', { from: 'a@x.io', to: 'b@x.io' }, 'changed email'],
    ['user.username', null, 'changed username'],
    ['user.send_verification', null, 'sent a verification email'],
    ['user.delete', { username: 'carl' }, 'deleted user'],
    ['subscription.add', { username: 'al', plan: 'monthly', endDate: 'x' }, 'added Monthly plan'],
    ['subscription.add', { plan: 'annual' }, 'added Annual plan'],
    ['subscription.add', null, 'added a plan'],
    [
      'payment.activated',
      { plan: 'quarterly', priceUsd: 20 },
      'activated Quarterly plan after payment',
    ],
    ['payment.activated', null, 'activated a plan after payment'],
    ['subscription.set_date', null, 'set subscription end date'],
    ['subscription.cancel', null, 'cancelled subscription'],
    ['api_key.create', null, 'added an API key'],
    ['session.revoke', { device: 'Safari on iOS', current: false }, 'signed out a device'],
    ['session.revoke', { device: 'Chrome on macOS', current: true }, 'signed out this device'],
    ['session.revoke_others', { revoked: 2 }, 'signed out their other devices'],
    ['user.admin.grant', { via: 'cli' }, 'made admin'],
    ['auth.sign_in_failed', { ip: '203.0.113.1' }, 'failed sign-in (wrong password)'],
    ['auth.step_up_mailed', null, 'sign-in code mailed (many failed sign-ins)'],
    ['strategy.create', { title: 'July' }, 'wrote a strategy draft'],
    ['strategy.update', { title: 'July' }, 'edited a strategy'],
    ['strategy.publish', { month: '2026-07', title: 'July' }, 'published the strategy of 2026-07'],
    ['strategy.publish', null, 'published a strategy'],
    ['strategy.delete', { title: 'July' }, 'deleted a strategy draft'],
    ['chat.message_deleted', { room: 'btc', author: 'ann' }, 'deleted a chat message'],
    ['chat.user_muted', { minutes: 60 }, 'muted in the chat for 60 minutes'],
    ['chat.user_muted', { minutes: 1 }, 'muted in the chat for 1 minute'],
    ['chat.user_muted', null, 'muted in the chat'],
    ['chat.user_unmuted', { username: 'ann' }, 'unmuted in the chat'],
    ['something.new_here', null, 'something new here'],
  ])('%s %j → %s', (action, details, words) => {
    expect(describeAuditAction({ action, details })).toBe(words);
  });
});

describe('describeAuditDetails', () => {
  it("shows the server's old → new, without the username the Target column shows", () => {
    expect(describeAuditDetails({ username: 'al', old: 'a@x.io', new: 'b@x.io' })).toEqual([
      'a@x.io → b@x.io',
    ]);
    expect(describeAuditDetails({ username: 'al', old: false, new: true })).toEqual(['no → yes']);
    expect(
      describeAuditDetails({
        username: 'al',
        plan: 'monthly',
        endDate: '2026-04-01T00:00:00.000Z',
        previousEndDate: null,
      }),
    ).toEqual(['plan: monthly', 'end date: 1 Apr 2026, 00:00 UTC', 'previous end date: —']);
  });

  it('shows a change as from → to, then the other values in words', () => {
    expect(
      describeAuditDetails({
        from: 'a@x.io',
        to: 'b@x.io',
        isPaidUser: true,
        endDate: '2026-12-31T00:00:00.000Z',
        plan: null,
      }),
    ).toEqual([
      'a@x.io → b@x.io',
      'is paid user: yes',
      'end date: 31 Dec 2026, 00:00 UTC',
      'plan: —',
    ]);
  });

  it('is empty without details', () => {
    expect(describeAuditDetails(null)).toEqual([]);
  });
});
