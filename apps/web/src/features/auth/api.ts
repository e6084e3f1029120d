import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type {
  CheckEmailResponse,
  EmailOnlyRequest,
  LoginRequest,
  MessageResponse,
  PublicUser,
  RegisterRequest,
  SessionResponse,
} from '@tb/core';
import { apiRequest } from '@/lib/api-client';
import { deviceTokens, rememberDeviceToken } from '@/lib/device-tokens';
import { clearSession, saveSession, syncStoredUsername } from '@/lib/session';

export const authKeys = {
  me: ['users', 'me'] as const,
};

/** GET /api/users/me: the signed-in user (the stored username follows a rename). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: async ({ signal }) => {
      const user = await apiRequest<PublicUser>('/users/me', { signal });
      syncStoredUsername(user.username);
      return user;
    },
    staleTime: 60_000,
  });

function storeSession(res: SessionResponse): SessionResponse {
  saveSession(
    { token: res.token, username: res.user.username, expiresAt: res.expiresAt },
    new Date(),
  );
  return res;
}

/**
 * POST /api/users/login with this browser's device tokens; stores the session and the new
 * device token, or clears any stale session on failure.
 */
export const loginMutationOptions = () =>
  mutationOptions({
    mutationFn: async (body: LoginRequest) => {
      try {
        const tokens = deviceTokens();
        const res = await apiRequest<SessionResponse>('/users/login', {
          method: 'POST',
          body: tokens.length > 0 ? { ...body, deviceTokens: tokens } : body,
          token: null,
        });
        if (res.deviceToken) rememberDeviceToken(res.user.id, res.deviceToken);
        return storeSession(res);
      } catch (error) {
        clearSession(new Date());
        throw error;
      }
    },
  });

/** POST /api/auth/check-email. */
export function checkEmail(body: EmailOnlyRequest): Promise<CheckEmailResponse> {
  return apiRequest<CheckEmailResponse>('/auth/check-email', { method: 'POST', body, token: null });
}

/** POST /api/users/register; stores the new session (the server signs the user in). */
export async function register(body: RegisterRequest): Promise<SessionResponse> {
  const res = await apiRequest<SessionResponse>('/users/register', {
    method: 'POST',
    body,
    token: null,
  });
  return storeSession(res);
}

/** POST /api/users/reset-password-request. */
export const passwordResetRequestMutationOptions = () =>
  mutationOptions({
    mutationFn: (body: EmailOnlyRequest) =>
      apiRequest<MessageResponse>('/users/reset-password-request', {
        method: 'POST',
        body,
        token: null,
      }),
  });

/** POST /api/auth/resend-verification. */
export const resendVerificationMutationOptions = () =>
  mutationOptions({
    mutationFn: (body: EmailOnlyRequest) =>
      apiRequest<MessageResponse>('/auth/resend-verification', { method: 'POST', body }),
  });

/** SPEC.md section 8 texts of the resend action. */
export const resendMessages = {
  sent: 'A new verification email has been sent. Please check your inbox.',
  failed: 'Failed to resend verification email. Please try again later.',
} as const;

/** POST /api/users/logout with the token about to be cleared. */
export function logoutRequest(token: string): Promise<void> {
  return apiRequest<void>('/users/logout', { method: 'POST', token });
}
