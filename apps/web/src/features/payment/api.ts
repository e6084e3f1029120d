import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  subscriptionMessages,
  type PaymentLinksResponse,
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
