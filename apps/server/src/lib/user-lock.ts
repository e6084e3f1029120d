import { AppError } from './app-error.js';

/**
 * A lock that other server instances honour too: PostgreSQL's session advisory locks on a
 * connection of their own (db/advisory-locks.ts). `tryAcquire` answers the release, or null
 * when another connection holds the key.
 */
export interface AdvisoryLocks {
  tryAcquire(key: string): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** The longest a live action waits for the same trader's previous one (four exchange calls). */
export const USER_LOCK_WAIT_MS = 45_000;
const POLL_MS = 50;

export const actionInProgress = () =>
  new AppError(
    409,
    'ACTION_IN_PROGRESS',
    'Another order of yours is still being sent to the exchange. Please try again in a moment.',
  );

type Release = () => Promise<void>;

interface Slot {
  waiters: Array<(granted: boolean) => void>;
}

/**
 * One trader, one decision at a time (DESIGN.md section 11): the live actions of a user (place,
 * move stop, close at market, cancel entry) and the reconciler's resolution of their intents
 * run under this lock, so the session check, the exchange call and the record are one step.
 * In this process a queue per user; with PostgreSQL also an advisory lock, so every instance
 * on the database waits its turn (PGlite has one process per data folder).
 */
export class UserLocks {
  readonly #slots = new Map<string, Slot>();

  constructor(
    private readonly advisory?: AdvisoryLocks,
    private readonly waitMs = USER_LOCK_WAIT_MS,
  ) {}

  /** Runs `task` holding the user's lock; 409 ACTION_IN_PROGRESS if it stays taken too long. */
  async run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const release = await this.#acquire(userId, this.waitMs);
    if (!release) throw actionInProgress();
    try {
      return await task();
    } finally {
      await release();
    }
  }

  /** Runs `task` only if the lock is free now (the reconciler's intents): else `skipped`. */
  async tryRun<T>(userId: string, task: () => Promise<T>): Promise<T | typeof SKIPPED> {
    const release = await this.#acquire(userId, 0);
    if (!release) return SKIPPED;
    try {
      return await task();
    } finally {
      await release();
    }
  }

  /** Whether this process holds or awaits the user's lock (tests). */
  held(userId: string): boolean {
    return this.#slots.has(userId);
  }

  async #acquire(userId: string, waitMs: number): Promise<Release | null> {
    const deadline = performance.now() + waitMs;
    if (!(await this.#local(userId, waitMs))) return null;
    const local = () => this.#unlockLocal(userId);
    if (!this.advisory) return async () => local();
    try {
      for (;;) {
        const shared = await this.advisory.tryAcquire(`user:${userId}`);
        if (shared) {
          return async () => {
            await shared().catch(() => undefined);
            local();
          };
        }
        if (performance.now() + POLL_MS > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (err) {
      local();
      throw err;
    }
    local();
    return null;
  }

  /** This process's queue: granted at once when free, else in turn (false past `waitMs`). */
  #local(userId: string, waitMs: number): Promise<boolean> {
    const slot = this.#slots.get(userId);
    if (!slot) {
      this.#slots.set(userId, { waiters: [] });
      return Promise.resolve(true);
    }
    if (waitMs <= 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter = (granted: boolean) => {
        clearTimeout(timer);
        resolve(granted);
      };
      const timer = setTimeout(() => {
        slot.waiters.splice(slot.waiters.indexOf(waiter), 1);
        resolve(false);
      }, waitMs);
      slot.waiters.push(waiter);
    });
  }

  #unlockLocal(userId: string) {
    const slot = this.#slots.get(userId);
    const next = slot?.waiters.shift();
    if (next) next(true);
    else this.#slots.delete(userId);
  }
}

export const SKIPPED = Symbol('skipped');
