import type { Subscription, SubscriptionResponse, UserSession } from '@tb/core';
import { stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

/** Test data and a fake server for /profile (used by its *.test.tsx files only). */

export const END_DATE = '2026-02-01T12:00:00.000Z';

export const activeMonthly: Subscription = {
  active: true,
  plan: 'monthly',
  startDate: '2026-01-02T12:00:00.000Z',
  endDate: END_DATE,
  remainingDays: 12,
};

export function subscriptionResponse(
  overrides: Partial<SubscriptionResponse> = {},
): SubscriptionResponse {
  return {
    subscription: { active: false, plan: null, startDate: null, endDate: null, remainingDays: 0 },
    isPaidUser: false,
    freeTrial: { available: true, nextClaimAt: null },
    ...overrides,
  };
}

/** The session of the signed-in test user, as Profile → Sessions lists it. */
export const thisSession: UserSession = {
  id: '0b5e3c9e-1f2a-4c3d-9e8f-0123456789ab',
  device: 'Chrome on macOS',
  ipAddress: '203.0.113.7',
  createdAt: '2026-01-20T09:00:00.000Z',
  lastSeenAt: '2026-01-20T09:00:00.000Z',
  current: true,
};

/** Answers by "METHOD /path"; the profile's reads have defaults (no payments, no checkout), the rest 404. */
export type Routes = Record<string, (req: MockRequest) => MockReply>;

export function openProfile(routes: Routes = {}) {
  signIn('ada');
  const all: Routes = {
    'GET /users/me': () => ({ status: 200, body: publicUser({ username: 'ada' }) }),
    'GET /subscription': () => ({ status: 200, body: subscriptionResponse() }),
    'GET /api-keys': () => ({ status: 200, body: { success: true, data: [] } }),
    'GET /users/exchanges': () => ({ status: 200, body: { success: true, exchanges: [] } }),
    'GET /users/me/sessions': () => ({ status: 200, body: { data: [thisSession] } }),
    'GET /payments': () => ({ status: 200, body: { payments: [] } }),
    'GET /payment/links': () => ({
      status: 200,
      body: { links: { monthly: null, quarterly: null, annual: null }, checkout: false },
    }),
    ...routes,
  };
  const fetch = stubFetch((req) => {
    const route = all[`${req.method} ${req.path}`];
    return route ? route(req) : { status: 404 };
  });
  return { ...renderApp('/profile'), fetch };
}
