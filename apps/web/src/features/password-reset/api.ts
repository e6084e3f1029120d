import { mutationOptions } from '@tanstack/react-query';
import type { MessageResponse } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/reset-password/:token. */
export const resetPasswordMutationOptions = () =>
  mutationOptions({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      apiRequest<MessageResponse>(`/users/reset-password/${encodeURIComponent(token)}`, {
        method: 'POST',
        body: { password },
        token: null,
      }),
  });
