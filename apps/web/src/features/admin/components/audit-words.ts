import { PLANS, type AuditEntry, type PlanId } from '@tb/core';
import { formatDateTime } from './format';

type Details = Record<string, unknown> | null;

/** The new value of a `{ old, new }` change (the server's shape), or of a named flag. */
function flag(details: Details, ...keys: string[]): boolean | undefined {
  if (!details) return undefined;
  for (const key of ['new', 'to', ...keys]) {
    if (typeof details[key] === 'boolean') return details[key];
  }
  return undefined;
}

function planName(details: Details): string | undefined {
  const plan = details?.plan;
  return typeof plan === 'string' && plan in PLANS ? PLANS[plan as PlanId].name : undefined;
}

const FIXED: Readonly<Record<string, string>> = {
  'user.email': 'changed email',
  'user.username': 'changed username',
  'user.send_verification': 'sent a verification email',
  'user.delete': 'deleted user',
  'user.password_change': 'changed password',
  'user.password_reset': 'reset password from a mailed link',
  'session.revoke_others': 'signed out their other devices',
  'auth.sign_in_failed': 'failed sign-in (wrong password)',
  'auth.sign_in_throttled': 'sign-ins slowed down after failures',
  'auth.step_up_mailed': 'sign-in code mailed (many failed sign-ins)',
  'auth.step_up_passed': 'signed in with the mailed code',
  'auth.admin_denied': 'was refused an admin page',
  'subscription.set_date': 'set subscription end date',
  'subscription.cancel': 'cancelled subscription',
  'subscription.free_trial': 'claimed the free plan',
  'api_key.create': 'added an API key',
  'api_key.update': 'updated an API key',
  'api_key.delete': 'deleted an API key',
  'strategy.create': 'wrote a strategy draft',
  'strategy.update': 'edited a strategy',
  'strategy.delete': 'deleted a strategy draft',
  'chat.message_deleted': 'deleted a chat message',
  'chat.user_unmuted': 'unmuted in the chat',
  // Written by the command line before it used user.admin_status; kept for old entries.
  'user.admin.grant': 'made admin',
};

/** The action in words: 'granted premium', 'removed admin', 'added Monthly plan', ... */
export function describeAuditAction(entry: Pick<AuditEntry, 'action' | 'details'>): string {
  const { action, details } = entry;
  if (action === 'user.premium_status') {
    const on = flag(details, 'isPaidUser', 'premiumGranted');
    return on === undefined ? 'changed premium status' : on ? 'granted premium' : 'revoked premium';
  }
  if (action === 'user.admin_status') {
    const on = flag(details, 'isAdmin');
    return on === undefined ? 'changed admin status' : on ? 'made admin' : 'removed admin';
  }
  if (action === 'session.revoke') {
    return details?.current === true ? 'signed out this device' : 'signed out a device';
  }
  if (action === 'subscription.add') {
    const name = planName(details);
    return name ? `added ${name} plan` : 'added a plan';
  }
  if (action === 'payment.activated') {
    const name = planName(details);
    return name ? `activated ${name} plan after payment` : 'activated a plan after payment';
  }
  if (action === 'strategy.publish') {
    const month = details?.month;
    return typeof month === 'string'
      ? `published the strategy of ${month}`
      : 'published a strategy';
  }
  if (action === 'chat.user_muted') {
    const minutes = details?.minutes;
    return typeof minutes === 'number'
      ? `muted in the chat for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
      : 'muted in the chat';
  }
  return FIXED[action] ?? action.replace(/[._]/g, ' ');
}

/** 'isPaidUser' → 'is paid user'. */
function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value) : value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Pairs of keys that hold a value before and after the change. */
const CHANGES = [
  ['old', 'new'],
  ['from', 'to'],
] as const;

/**
 * The changed values as short lines: 'a@x.io → b@x.io', 'plan: monthly'. The username is left
 * out: the Target column already names the user.
 */
export function describeAuditDetails(details: Details): string[] {
  if (!details) return [];
  const lines: string[] = [];
  const paired = new Set<string>(['username']);
  for (const [before, after] of CHANGES) {
    if (before in details || after in details) {
      lines.push(`${show(details[before])} → ${show(details[after])}`);
      paired.add(before).add(after);
    }
  }
  for (const [key, value] of Object.entries(details)) {
    if (!paired.has(key)) lines.push(`${words(key)}: ${show(value)}`);
  }
  return lines;
}
