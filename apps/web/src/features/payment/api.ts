import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  subscriptionMessages,
  type CreatePaymentResponse,
  type Payment,
  type PaymentLinksResponse,
  type PaymentListResponse,
  type PaymentState,
  type PlanId,
  type PublicUser,
  type SubscriptionResponse,
} from '@tb/core';
import { authKeys } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';

export const paymentKeys = {
  links: ['payment', 'links'] as const,
  /** The signed-in user's subscription (GET /api/subscription). */
  subscription: ['subscription', 'me'] as const,
  /** The signed-in trader's own payments (GET /api/payments). */
  payments: ['payment', 'payments'] as const,
  payment: (id: string) => ['payment', 'payments', id] as const,
};

/** GET /api/payment/links: the crypto payment link of each plan on sale, or null. */
export const paymentLinksQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.links,
    queryFn: ({ signal }) =>
      apiRequest<PaymentLinksResponse>('/payment/links', { signal, token: null }),
    staleTime: 5 * 60_000,
  });

/** GET /api/subscription: the subscription, effective premium and the free plan's status. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.subscription,
    queryFn: ({ signal }) => apiRequest<SubscriptionResponse>('/subscription', { signal }),
    staleTime: 60_000,
  });

/**
 * Every call that changes a subscription answers with the new state: it replaces the cached
 * subscription, and the signed-in user (premium badge, subscription) follows at once, then
 * is refetched for anything else the server changed.
 */
export function applySubscriptionResponse(client: QueryClient, res: SubscriptionResponse) {
  const { message: _message, ...state } = res;
  client.setQueryData<SubscriptionResponse>(paymentKeys.subscription, state);
  client.setQueryData<PublicUser>(authKeys.me, (user) =>
    user ? { ...user, isPaidUser: res.isPaidUser, subscription: res.subscription } : user,
  );
  void client.invalidateQueries({ queryKey: authKeys.me });
}

/** POST /api/subscription/free-trial: 3 days of premium, once a month. */
export const freeTrialMutationOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: () =>
      apiRequest<SubscriptionResponse>('/subscription/free-trial', { method: 'POST' }),
    onSuccess: (res) => applySubscriptionResponse(client, res),
    // A refusal (already premium, claimed too recently) means the cached status was stale.
    onError: () => void client.invalidateQueries({ queryKey: paymentKeys.subscription }),
    meta: {
      successMessage: (res) =>
        (res as SubscriptionResponse).message ?? subscriptionMessages.freeTrialStarted,
      errorMessage: subscriptionMessages.freeTrialFailed,
    },
  });

/** Only web links count as configured: anything else would be a dead (or unsafe) button. */
export function usablePaymentLink(link: string | null | undefined): string | null {
  return link && /^https?:\/\//i.test(link) ? link : null;
}

/**
 * The payment link of a plan: the URL, null when the installation has none, undefined while
 * the links are unknown (loading or failed).
 */
export function planPaymentLink(
  res: PaymentLinksResponse | undefined,
  planId: PlanId,
): string | null | undefined {
  if (!res) return undefined;
  const links: Partial<Record<PlanId, string | null>> = res.links;
  return usablePaymentLink(links[planId]);
}

/** How often an open payment's state is read again while the trader watches it. */
export const PAYMENT_POLL_MS = 5_000;

/**
 * States after which nothing more happens to a payment. `partially_paid` is not one: the
 * trader can still send the rest and the payment then completes.
 */
const FINAL_STATES: ReadonlySet<PaymentState> = new Set(['paid', 'expired', 'failed', 'refunded']);

export const isFinalPaymentState = (state: PaymentState): boolean => FINAL_STATES.has(state);

/** The invoice page is still worth opening: the trader has something left to pay. */
export function continuablePaymentUrl(payment: Payment): string | null {
  const open = payment.state === 'waiting' || payment.state === 'partially_paid';
  return open ? usablePaymentLink(payment.invoiceUrl) : null;
}

/** GET /api/payments: the signed-in trader's payments, newest first. */
export const paymentsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.payments,
    queryFn: async ({ signal }) =>
      (await apiRequest<PaymentListResponse>('/payments', { signal })).payments,
  });

/** GET /api/payments/:id, read again every 5 s until the payment reaches a final state. */
export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<CreatePaymentResponse>(`/payments/${encodeURIComponent(id)}`, { signal }))
        .payment,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && isFinalPaymentState(state) ? false : PAYMENT_POLL_MS;
    },
  });

/** Texts of the checkout (the server's message is preferred where it sends one). */
export const paymentMessages = {
  createFailed: 'Could not create the invoice. Nothing was charged; please try again.',
  noInvoice: 'The payment provider gave no invoice page. Nothing was charged; please try again.',
  loadFailed: 'Failed to load your payment',
  listFailed: 'Failed to load your payments',
} as const;

/** The provider answered without an invoice page the browser can safely be sent to. */
export class InvoiceMissingError extends Error {
  override readonly name = 'InvoiceMissingError';
  constructor() {
    super(paymentMessages.noInvoice);
  }
}

/**
 * POST /api/payments: an invoice for the signed-in trader and `plan`; resolves to the invoice
 * page to send the browser to. The caller shows a failure where the button is (no notification).
 */
export const createPaymentMutationOptions = () =>
  mutationOptions({
    mutationFn: async (plan: PlanId) => {
      const { payment } = await apiRequest<CreatePaymentResponse>('/payments', {
        method: 'POST',
        body: { plan },
      });
      const url = usablePaymentLink(payment.invoiceUrl);
      if (!url) throw new InvoiceMissingError();
      return url;
    },
  });

/**
 * A payment activated the plan: the subscription, the signed-in user (premium everywhere) and
 * the payment list are read again at once.
 */
export function refreshAfterActivation(client: QueryClient) {
  void client.invalidateQueries({ queryKey: paymentKeys.subscription });
  void client.invalidateQueries({ queryKey: authKeys.me });
  void client.invalidateQueries({ queryKey: paymentKeys.payments, exact: true });
}
