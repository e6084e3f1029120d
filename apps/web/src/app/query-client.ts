import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify, type NotificationTone } from '@/components/notifications';
import { errorMessage, isApiError } from '@/lib/api-error';
import { clearSession, readSession } from '@/lib/session';

/**
 * What a query or mutation may ask of the one error/success handler below, instead of each
 * writing its own onError toast.
 */
export interface RequestMeta extends Record<string, unknown> {
  /**
   * Show a notification on failure: the server's message, or this text; or a function that
   * words the failure itself.
   */
  errorMessage?: string | ((error: unknown) => string);
  /**
   * Show a notification on success (mutations): this text, or what the function makes of the
   * answer (one text, several notices with their tone, or nothing).
   */
  successMessage?: string | ((data: unknown) => string | readonly MetaNotice[] | null | undefined);
  /** How long these notifications stay, in ms (default: NOTIFICATION_MS, 3 s). */
  notificationMs?: number;
  /** Error codes the screen shows its own way (e.g. a banner): no notification for them. */
  silentCodes?: readonly string[];
}

/** One notification a success function asks for. */
export interface MetaNotice {
  message: string;
  tone?: NotificationTone;
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
  const wording = meta?.errorMessage;
  if (!wording) return;
  if (isApiError(error) && meta.silentCodes?.includes(error.code)) return;
  const message = typeof wording === 'function' ? wording(error) : errorMessage(error, wording);
  notify(message, 'error', meta.notificationMs);
}

function onRequestSuccess(data: unknown, meta: RequestMeta | undefined) {
  const wording = meta?.successMessage;
  if (!wording) return;
  const result = typeof wording === 'function' ? wording(data) : wording;
  if (!result) return;
  const notices: readonly MetaNotice[] =
    typeof result === 'string' ? [{ message: result }] : result;
  for (const { message, tone = 'success' } of notices) notify(message, tone, meta.notificationMs);
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
      onSuccess: (data, _vars, _ctx, mutation) => onRequestSuccess(data, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
