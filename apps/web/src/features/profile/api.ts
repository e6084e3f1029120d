import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import {
  accountMessages,
  subscriptionMessages,
  type ChangePasswordRequest,
  type LeaderboardVisibilityRequest,
  type MessageResponse,
  type PublicUser,
  type SubscriptionResponse,
  type TimeZoneRequest,
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
