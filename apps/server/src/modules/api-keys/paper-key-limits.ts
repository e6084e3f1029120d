import { AppError, badRequest } from '../../lib/app-error.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import type { ApiKeysRepository } from './api-keys.repository.js';

/**
 * Each paper key is a funded account on the paper exchange, made by the server: a user may
 * hold a few and make a few an hour, whatever the plan (issue 11: 150 were made in 7.6 s).
 */
export const MAX_PAPER_KEYS = 5;
export const PAPER_KEYS_PER_HOUR = 3;

export const tooManyPaperKeys = () =>
  badRequest(
    `You already have ${MAX_PAPER_KEYS} paper accounts, the most one user can hold. Remove one before creating another.`,
    'network',
  );

function tooFast(waitMs: number): AppError {
  // Requests in flight together may read the clock out of order: never more than the hour.
  const minutes = Math.min(60, Math.max(1, Math.ceil(waitMs / 60_000)));
  return new AppError(
    429,
    'RATE_LIMITED',
    `You can create ${PAPER_KEYS_PER_HOUR} paper accounts per hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** The two paper key limits, checked before a paper account is made. */
export class PaperKeyLimits {
  readonly #created: WindowLimiter;

  constructor(
    private readonly repo: ApiKeysRepository,
    state?: SharedState,
  ) {
    this.#created = new WindowLimiter('paper-keys', PAPER_KEYS_PER_HOUR, 3_600_000, state);
  }

  /**
   * Checks that the user may make a paper account now and reserves one of the hour's: 400
   * past the held limit, 429 past the hourly one. Returns the release to call when no account
   * was made after all.
   */
  async reserve(userId: string, nowMs: number): Promise<() => Promise<void>> {
    if ((await this.repo.countOfNetwork(userId, 'paper')) >= MAX_PAPER_KEYS) {
      throw tooManyPaperKeys();
    }
    const waitMs = await this.#created.take(userId, nowMs);
    if (waitMs > 0) throw tooFast(waitMs);
    return () => this.#created.giveBack(userId, nowMs);
  }
}
