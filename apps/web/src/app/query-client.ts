import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/notifications';
import { errorMessage, isApiError } from '@/lib/api-error';
import { clearSession, readSession } from '@/lib/session';

/**
 * What a query or mutation may ask of the one error/success handler below, instead of each
 * writing its own onError toast.
 */
export interface RequestMeta extends Record<string, unknown> {
  /** Show a notification on failure: the server's message, or this text. */
  errorMessage?: string;
  /** Show a notification on success (mutations). */
  successMessage?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function onRequestError(error: unknown, meta: RequestMeta | undefined) {
  // A stored token the server no longer accepts is a signed-out user (SPEC.md section 4).
  if (isApiError(error) && error.status === 401 && readSession()) clearSession(new Date());
  if (meta?.errorMessage) notify(errorMessage(error, meta.errorMessage), 'error');
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onRequestError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => onRequestError(error, mutation.meta),
      onSuccess: (_data, _vars, _ctx, mutation) => {
        if (mutation.meta?.successMessage) notify(mutation.meta.successMessage, 'success');
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
