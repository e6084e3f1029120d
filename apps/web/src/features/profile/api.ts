import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  accountMessages,
  subscriptionMessages,
  type ChangePasswordRequest,
  type LeaderboardVisibilityRequest,
  type MessageResponse,
  type PublicUser,
  type RevokeOtherSessionsResponse,
  type SubscriptionResponse,
  type TimeZoneRequest,
  type UserSessionListResponse,
} from '@tb/core';
import { authKeys } from '@/features/auth';
import { applySubscriptionResponse } from '@/features/payment';
import { apiRequest } from '@/lib/api-client';
import { leaderboardKeys } from '@/features/leaderboard';

/** Texts of the profile's own settings (the server's message is preferred where it sends one). */
export const profileMessages = {
  passwordFailed: 'Failed to change password',
  timeZoneFailed: 'Failed to save the time zone',
  timeZoneSaved: (timeZone: string) => `Trading day time zone set to ${timeZone}`,
  leaderboardFailed: 'Failed to update your leaderboard setting',
  sessionsFailed: 'Failed to load your sessions',
  sessionSignedOut: (device: string) => `Signed out ${device}`,
  signOutFailed: 'Failed to sign out the session',
  othersSignedOut: (count: number) =>
    count === 0
      ? 'No other devices were signed in'
      : `Signed out ${count} other ${count === 1 ? 'device' : 'devices'}`,
  signOutOthersFailed: 'Failed to sign out the other devices',
} as const;

/** POST /api/subscription/cancel: access stays until the end date, `active` becomes false. */
export const cancelSubscriptionMutationOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: () => apiRequest<SubscriptionResponse>('/subscription/cancel', { method: 'POST' }),
    onSuccess: (res) => applySubscriptionResponse(client, res),
    meta: {
      successMessage: subscriptionMessages.cancelled,
      errorMessage: subscriptionMessages.cancelFailed,
    },
  });

/**
 * PUT /api/users/password. A wrong current password (or a refused new one) comes back as a
 * 400 naming its field: the form shows it there, so no notification for it.
 */
export const changePasswordMutationOptions = () =>
  mutationOptions({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<MessageResponse>('/users/password', { method: 'PUT', body }),
    meta: {
      successMessage: (res) =>
        (res as MessageResponse | undefined)?.message ?? accountMessages.passwordChanged,
      errorMessage: profileMessages.passwordFailed,
      silentCodes: ['VALIDATION_ERROR'],
    },
  });

/** The signed-in user as a settings call answers it replaces the cached one. */
function storeUser(client: QueryClient, user: PublicUser) {
  client.setQueryData<PublicUser>(authKeys.me, user);
}

/** PUT /api/users/time-zone: the zone whose midnight starts the user's trading day. */
export const timeZoneMutationOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (body: TimeZoneRequest) =>
      apiRequest<PublicUser>('/users/time-zone', { method: 'PUT', body }),
    onSuccess: (user) => {
      storeUser(client, user);
      void client.invalidateQueries({ queryKey: leaderboardKeys.all });
    },
    meta: {
      successMessage: (user) => profileMessages.timeZoneSaved((user as PublicUser).timeZone),
      errorMessage: profileMessages.timeZoneFailed,
      silentCodes: ['VALIDATION_ERROR'],
    },
  });

/** PUT /api/users/leaderboard: join or leave the public leaderboard. */
export const leaderboardVisibilityMutationOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (body: LeaderboardVisibilityRequest) =>
      apiRequest<PublicUser>('/users/leaderboard', { method: 'PUT', body }),
    onSuccess: (user) => {
      storeUser(client, user);
      void client.invalidateQueries({ queryKey: leaderboardKeys.all });
    },
    meta: {
      successMessage: (user) =>
        (user as PublicUser).showOnLeaderboard
          ? accountMessages.leaderboardJoined
          : accountMessages.leaderboardLeft,
      errorMessage: profileMessages.leaderboardFailed,
    },
  });

export const profileKeys = {
  sessions: ['profile', 'sessions'] as const,
};

/** GET /api/users/me/sessions: the live sessions, the most recently seen first. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.sessions,
    queryFn: async ({ signal }) =>
      (await apiRequest<UserSessionListResponse>('/users/me/sessions', { signal })).data,
  });

/**
 * DELETE /api/users/me/sessions/:id: signs one session out (its device's next request is
 * refused). Gone already (404): the list is read again all the same.
 */
export const signOutSessionMutationOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: async ({ id, device }: { id: string; device: string }) => {
      await apiRequest<void>(`/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return device;
    },
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.sessions }),
    meta: {
      successMessage: (device) => profileMessages.sessionSignedOut(device as string),
      errorMessage: profileMessages.signOutFailed,
    },
  });

/** POST /api/users/me/sessions/revoke-others: every other device is signed out. */
export const signOutOtherSessionsMutationOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: () =>
      apiRequest<RevokeOtherSessionsResponse>('/users/me/sessions/revoke-others', {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.sessions }),
    meta: {
      successMessage: (res) =>
        profileMessages.othersSignedOut((res as RevokeOtherSessionsResponse).revoked),
      errorMessage: profileMessages.signOutOthersFailed,
    },
  });
