import { isApiError } from '@/lib/api-error';

/**
 * Runs an exchange write; a 403 PREMIUM_REQUIRED (over the plan's key limit, DESIGN.md) opens
 * the premium lock instead of failing, and resolves to null. Other errors are thrown on, to
 * the query client's one error notification.
 */
export async function unlessPremiumRequired<R>(run: () => Promise<R>): Promise<R | null> {
  try {
    return await run();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'PREMIUM_REQUIRED') throw error;
    // The lock's store lives in the journal feature, loaded on demand: the exchange layer
    // ships with the top bar and should not bring the journal along.
    const message = error.message;
    await import('@/features/journal').then((m) => m.openPremiumLock(message || undefined));
    return null;
  }
}
