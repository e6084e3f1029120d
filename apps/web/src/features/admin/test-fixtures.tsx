import type {
  AdminPayment,
  AdminUser,
  AdminUserListResponse,
  AuditEntry,
  ContactMessage,
  ContactMessageListResponse,
  SubscriptionResponse,
  UserStatsResponse,
} from '@tb/core';
import { screen } from '@testing-library/react';
import { stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { AdminPage } from './components/admin-page';

/** Test data and a fake server for the admin panel (used by its *.test.tsx files only). */

const noSubscription = {
  active: false,
  plan: null,
  startDate: null,
  endDate: null,
  remainingDays: 0,
};

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u-x',
    username: 'someone',
    email: 'someone@example.com',
    isPaidUser: false,
    isAdmin: false,
    role: 'user',
    isEmailVerified: true,
    timeZone: 'UTC',
    showOnLeaderboard: true,
    createdAt: '2026-01-02T09:30:00.000Z',
    subscription: noSubscription,
    premiumGranted: false,
    lastActiveAt: null,
    tradeCount: 0,
    ...overrides,
  };
}

export const me = adminUser({
  id: 'u-admin',
  username: 'root',
  email: 'root@example.com',
  isAdmin: true,
  role: 'admin',
  isPaidUser: true,
  premiumGranted: true,
  tradeCount: 3,
  lastActiveAt: '2026-03-01T14:05:00.000Z',
});

export const alice = adminUser({
  id: 'u-alice',
  username: 'alice',
  email: 'alice@example.com',
  isEmailVerified: false,
  tradeCount: 12,
});

export const bob = adminUser({
  id: 'u-bob',
  username: 'bob',
  email: 'bob@example.com',
  isPaidUser: true,
  tradeCount: 4,
  subscription: {
    active: true,
    plan: 'monthly',
    startDate: '2026-02-01T00:00:00.000Z',
    endDate: '2026-03-03T00:00:00.000Z',
    remainingDays: 12,
  },
});

export const stats: UserStatsResponse = {
  users: 3,
  premium: 2,
  admins: 1,
  verified: 2,
  activeSubscriptions: 1,
  trades: 1234,
};

export const auditEntries: AuditEntry[] = [
  {
    id: 2,
    createdAt: '2026-03-01T10:15:00.000Z',
    action: 'subscription.add',
    actor: { id: 'u-admin', username: 'root' },
    targetType: 'user',
    targetId: 'u-bob',
    targetLabel: 'bob',
    details: { username: 'bob', plan: 'monthly', endDate: '2026-03-03T00:00:00.000Z' },
  },
  {
    id: 1,
    createdAt: '2026-02-28T08:00:00.000Z',
    action: 'user.admin_status',
    actor: null,
    targetType: 'user',
    targetId: 'u-carl',
    targetLabel: 'carl',
    details: { username: 'carl', old: true, new: false },
  },
];

export function contactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 'm-1',
    createdAt: '2026-03-01T09:00:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada.lovelace@analytical-engines.example.com',
    message: 'The R column looks wrong.\nSecond line.',
    user: null,
    mailStatus: 'logged',
    mailedAt: null,
    mailError: null,
    ...overrides,
  };
}

export const messageList = (messages: ContactMessage[], total = messages.length, page = 1) =>
  ({ messages, total, page, pageSize: 20 }) satisfies ContactMessageListResponse;

export function subscriptionOf(user: AdminUser, extra = {}): SubscriptionResponse {
  return {
    subscription: user.subscription,
    isPaidUser: user.isPaidUser,
    freeTrial: { available: false, nextClaimAt: null },
    ...extra,
  };
}

export const list = (users: AdminUser[], total = users.length, page = 1) =>
  ({ users, total, page, pageSize: 25 }) satisfies AdminUserListResponse;

export function adminPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: 'pay-1',
    plan: 'quarterly',
    priceUsd: 20,
    state: 'paid',
    invoiceUrl: null,
    payCurrency: 'btc',
    payAmount: 0.0005,
    actuallyPaid: 0.0005,
    missing: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:20:00.000Z',
    activatedAt: '2026-03-01T10:20:00.000Z',
    user: { id: 'u-alice', username: 'alice' },
    providerPaymentId: '5524759814',
    ...overrides,
  };
}

export const payments: AdminPayment[] = [
  adminPayment({
    id: 'pay-2',
    plan: 'monthly',
    priceUsd: 9,
    state: 'partially_paid',
    invoiceUrl: 'https://nowpayments.example/payment/?iid=2',
    payCurrency: 'eth',
    payAmount: 0.004,
    actuallyPaid: 0.003,
    missing: 0.001,
    createdAt: '2026-03-02T08:00:00.000Z',
    activatedAt: null,
    user: { id: 'u-bob', username: 'bob' },
    providerPaymentId: '5524759999',
  }),
  adminPayment(),
  adminPayment({
    id: 'pay-0',
    plan: 'annual',
    priceUsd: 60,
    state: 'waiting',
    invoiceUrl: 'https://nowpayments.example/payment/?iid=0',
    payCurrency: null,
    payAmount: null,
    actuallyPaid: null,
    createdAt: '2026-02-27T18:00:00.000Z',
    activatedAt: null,
    user: null,
    providerPaymentId: null,
  }),
];

export type Routes = Record<string, (req: MockRequest) => MockReply>;

const json = (body: unknown): MockReply => ({ status: 200, body });

/** Answers by "METHOD /path" (query left off); `routes` replace the defaults. */
export function fakeServer(routes: Routes = {}) {
  const defaults: Routes = {
    'GET /users/me': () => json(me),
    'GET /users/all': () => json(list([me, alice, bob])),
    'GET /users/stats': () => json(stats),
    'GET /admin/audit-log': () => json({ entries: auditEntries }),
    'GET /admin/contact-messages': () => json(messageList([contactMessage()])),
    // None by default: the users' names would also head the payment rows.
    'GET /admin/payments': () => json({ payments: [] }),
    // None by default (the Strategies card's own tests: strategies-card.test).
    'GET /admin/strategies': () => json({ strategies: [] }),
    'GET /users/u-bob/subscription': () => json(subscriptionOf(bob)),
    'GET /users/u-alice/subscription': () => json(subscriptionOf(alice)),
  };
  const all = { ...defaults, ...routes };
  return (req: MockRequest): MockReply => {
    const key = `${req.method} ${req.path.split('?')[0]}`;
    const route = all[key];
    return route
      ? route(req)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: `no route ${key}` } } };
  };
}

/** The admin page with the fake server. */
export function renderAdmin(routes: Routes = {}) {
  const fetch = stubFetch(fakeServer(routes));
  const view = renderWithProviders(<AdminPage />, { path: '/admin' });
  return { ...view, fetch };
}

/** The admin page with the fake server, once its user list is shown. */
export async function openAdmin(routes: Routes = {}) {
  const view = renderAdmin(routes);
  await screen.findByRole('table', { name: 'Users, newest first' });
  return view;
}

/** Opens the manage dialog of `username`. */
export async function manage(
  user: ReturnType<typeof renderWithProviders>['user'],
  username: string,
) {
  await user.click(screen.getByRole('button', { name: `Manage ${username}` }));
  return screen.findByRole('dialog', { name: `Manage ${username}` });
}

export const userRow = (username: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${username}`) }).closest('tr')!;
