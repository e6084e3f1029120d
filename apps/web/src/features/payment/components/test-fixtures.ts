import { screen, within } from '@testing-library/react';
import type { Payment, PaymentLinksResponse, SubscriptionResponse } from '@tb/core';
import { stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

/** Test data and a fake server for /payment (used by its *.test.tsx files only). */

export const LINKS: PaymentLinksResponse['links'] = {
  monthly: 'https://pay.example.com/monthly',
  quarterly: 'https://pay.example.com/quarterly',
  annual: null,
};

/** GET /payment/links: the static links, or NOWPayments checkout when `checkout`. */
export const linksAnswer = (checkout = false): PaymentLinksResponse => ({ links: LINKS, checkout });

export const INVOICE_URL = 'https://nowpayments.example/payment/?iid=5077125051';

export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'p1',
    plan: 'quarterly',
    priceUsd: 20,
    state: 'waiting',
    invoiceUrl: INVOICE_URL,
    payCurrency: null,
    payAmount: null,
    actuallyPaid: null,
    missing: null,
    createdAt: '2026-01-20T12:00:00.000Z',
    updatedAt: '2026-01-20T12:00:00.000Z',
    activatedAt: null,
    ...overrides,
  };
}

export const noSubscription = (
  overrides: Partial<SubscriptionResponse> = {},
): SubscriptionResponse => ({
  subscription: { active: false, plan: null, startDate: null, endDate: null, remainingDays: 0 },
  isPaidUser: false,
  freeTrial: { available: true, nextClaimAt: null },
  ...overrides,
});

export type Routes = Record<string, (req: MockRequest) => MockReply>;

/**
 * /payment (or `path`, e.g. '/payment?payment=p1') with a fake server answering by
 * "METHOD /path"; signed in when `user` is given.
 */
export function openPayment(
  routes: Routes = {},
  user?: Record<string, unknown>,
  path = '/payment',
  options: { advanceTimers?: (ms: number) => void } = {},
) {
  if (user) signIn(String(user.username ?? 'ada'));
  const all: Routes = {
    'GET /payment/links': () => ({ status: 200, body: linksAnswer() }),
    'GET /users/me': () => ({ status: 200, body: publicUser(user) }),
    'GET /subscription': () => ({ status: 200, body: noSubscription() }),
    'GET /users/exchanges': () => ({ status: 200, body: { success: true, exchanges: [] } }),
    ...routes,
  };
  const fetch = stubFetch((req) => all[`${req.method} ${req.path}`]?.(req) ?? { status: 404 });
  return { ...renderApp(path, options), fetch };
}

/** The card of the plan named `name` (its heading), once shown. */
export const plan = async (name: string) =>
  within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);

export const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
