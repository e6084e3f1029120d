import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  PLANS,
  adminMessages,
  subscriptionMessages,
  type AddSubscriptionRequest,
  type AdminPaymentsResponse,
  type AdminStatusRequest,
  type AdminUser,
  type AdminUserListResponse,
  type AuditLogResponse,
  type ContactMessageListResponse,
  type MessageResponse,
  type PaymentState,
  type PremiumStatusRequest,
  type SetSubscriptionDateRequest,
  type SubscriptionResponse,
  type UpdateEmailRequest,
  type UpdateUsernameRequest,
  type UserStatsResponse,
} from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the admin panel; `adminKeys.all` refreshes everything after a change. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  userList: (query: UserListQuery) => ['admin', 'users', query] as const,
  stats: ['admin', 'stats'] as const,
  auditLog: (limit: number) => ['admin', 'audit-log', limit] as const,
  messages: (page: number) => ['admin', 'contact-messages', page] as const,
  subscription: (userId: string) => ['admin', 'subscription', userId] as const,
  payments: (state: PaymentState | null) => ['admin', 'payments', state ?? 'all'] as const,
};

export interface UserListQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const USERS_PAGE_SIZE = 25;
export const AUDIT_LOG_LIMIT = 50;
export const MESSAGES_PAGE_SIZE = 20;
export const PAYMENTS_LIMIT = 50;

const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

// ---- queries ----

/** GET /api/users/all: one page of users; the previous page stays while the next loads. */
export const userListQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        search: query.search,
        page: String(query.page),
        pageSize: String(query.pageSize),
      });
      return apiRequest<AdminUserListResponse>(`/users/all?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** GET /api/users/stats: the counts of the panel's header. */
export const userStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiRequest<UserStatsResponse>('/users/stats', { signal }),
  });

/** GET /api/admin/audit-log?limit=: the newest changes first. */
export const auditLogQueryOptions = (limit = AUDIT_LOG_LIMIT) =>
  queryOptions({
    queryKey: adminKeys.auditLog(limit),
    queryFn: ({ signal }) =>
      apiRequest<AuditLogResponse>(`/admin/audit-log?limit=${limit}`, { signal }),
  });

/** GET /api/admin/contact-messages: one page of Contact Us messages, newest first. */
export const contactMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.messages(page),
    queryFn: ({ signal }) =>
      apiRequest<ContactMessageListResponse>(
        `/admin/contact-messages?page=${page}&pageSize=${MESSAGES_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/admin/payments?state=&limit=: the newest payments, of one state or all; the
 * previous list stays while another state's loads.
 */
export const adminPaymentsQueryOptions = (state: PaymentState | null) =>
  queryOptions({
    queryKey: adminKeys.payments(state),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(state ? { state } : {});
      params.set('limit', String(PAYMENTS_LIMIT));
      return apiRequest<AdminPaymentsResponse>(`/admin/payments?${params.toString()}`, {
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

/** GET /api/users/:id/subscription. */
export const userSubscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.subscription(userId),
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionResponse>(`${userPath(userId)}/subscription`, { signal }),
  });

// ---- mutations: every one names its target (`userId`) so the caller can refresh it ----

/** Codes an edit form shows on its field rather than as a notification. */
export const FIELD_ERROR_CODES = ['VALIDATION_ERROR', 'EMAIL_TAKEN', 'USERNAME_TAKEN'] as const;

const asUser = (data: unknown) => data as AdminUser;
const asSubscription = (data: unknown) => data as SubscriptionResponse;

export const premiumStatusMutationOptions = () =>
  mutationOptions({
    mutationFn: (body: PremiumStatusRequest) =>
      apiRequest<AdminUser>('/users/premium-status', { method: 'PUT', body }),
    meta: {
      successMessage: (data) => {
        const user = asUser(data);
        return user.premiumGranted
          ? `Premium granted to ${user.username}`
          : `Granted premium removed from ${user.username}`;
      },
      errorMessage: 'Failed to update premium status',
    },
  });

export const adminStatusMutationOptions = () =>
  mutationOptions({
    mutationFn: (body: AdminStatusRequest) =>
      apiRequest<AdminUser>('/users/admin-status', { method: 'PUT', body }),
    meta: {
      successMessage: (data) => {
        const user = asUser(data);
        return user.isAdmin
          ? `${user.username} is now an admin`
          : `${user.username} is no longer an admin`;
      },
      errorMessage: 'Failed to update admin status',
    },
  });

/** The two account fields an admin can edit from the panel. */
export type EditableField = 'email' | 'username';

/** PUT /api/users/email or /api/users/username; a refused value is shown on the field. */
export const updateUserFieldMutationOptions = (field: EditableField) =>
  mutationOptions({
    mutationFn: ({ userId, value }: { userId: string; value: string }) => {
      const body: UpdateEmailRequest | UpdateUsernameRequest =
        field === 'email' ? { userId, email: value } : { userId, username: value };
      return apiRequest<AdminUser>(`/users/${field}`, { method: 'PUT', body });
    },
    meta: {
      successMessage: (data) =>
        field === 'email'
          ? `Email of ${asUser(data).username} changed`
          : `Username changed to ${asUser(data).username}`,
      errorMessage:
        field === 'email' ? 'Failed to change the email' : 'Failed to change the username',
      silentCodes: FIELD_ERROR_CODES,
    },
  });

export const sendVerificationMutationOptions = () =>
  mutationOptions({
    mutationFn: async ({ userId, email }: { userId: string; email: string }) => {
      const res = await apiRequest<MessageResponse | undefined>('/users/send-verification', {
        method: 'POST',
        body: { userId },
      });
      return { message: res?.message || adminMessages.verificationSent(email) };
    },
    meta: {
      successMessage: (data) => (data as MessageResponse).message,
      errorMessage: 'Failed to send the verification email',
    },
  });

/** DELETE /api/users/:id; resolves to the deleted user's name for the notification. */
export const deleteUserMutationOptions = () =>
  mutationOptions({
    mutationFn: async ({ userId, username }: { userId: string; username: string }) => {
      await apiRequest<void>(userPath(userId), { method: 'DELETE' });
      return username;
    },
    meta: {
      successMessage: (username) => `${String(username)} was deleted`,
      errorMessage: 'Failed to delete the user',
    },
  });

export const addPlanMutationOptions = () =>
  mutationOptions({
    mutationFn: ({ userId, plan }: { userId: string } & AddSubscriptionRequest) =>
      apiRequest<SubscriptionResponse>(`${userPath(userId)}/subscription/add`, {
        method: 'POST',
        body: { plan },
      }),
    meta: {
      successMessage: (data) => {
        const plan = asSubscription(data).subscription.plan;
        return plan && plan !== 'free' ? `${PLANS[plan].name} plan added` : 'Plan added';
      },
      errorMessage: 'Failed to add the plan',
    },
  });

export const setEndDateMutationOptions = () =>
  mutationOptions({
    mutationFn: ({ userId, endDate }: { userId: string } & SetSubscriptionDateRequest) =>
      apiRequest<SubscriptionResponse>(`${userPath(userId)}/subscription/set-date`, {
        method: 'POST',
        body: { endDate },
      }),
    meta: {
      successMessage: 'Subscription end date updated',
      errorMessage: 'Failed to set the end date',
      silentCodes: ['VALIDATION_ERROR'],
    },
  });

export const cancelSubscriptionMutationOptions = () =>
  mutationOptions({
    mutationFn: ({ userId }: { userId: string }) =>
      apiRequest<SubscriptionResponse>(`${userPath(userId)}/subscription/cancel`, {
        method: 'POST',
      }),
    meta: {
      successMessage: (data) => asSubscription(data).message ?? subscriptionMessages.cancelled,
      errorMessage: subscriptionMessages.cancelFailed,
    },
  });
