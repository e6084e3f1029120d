import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SharedState } from '../../lib/redis/shared-state.js';

export interface StepUpOptions {
  /** How long a mailed code works. */
  ttlMs: number;
  /** A live code is mailed again (a new one) only after this long: strangers cannot flood the mailbox. */
  resendAfterMs: number;
  /** Wrong codes from one address before the code stops working there (others keep it). */
  maxWrong: number;
}

export const STEP_UP_DEFAULTS: StepUpOptions = {
  ttlMs: 15 * 60_000,
  resendAfterMs: 5 * 60_000,
  maxWrong: 5,
};

interface StoredCode {
  hash: string;
  sentAt: number;
  expiresAt: number;
}

/** Wrong codes from one address against one code (a new code starts them again). */
interface WrongTries {
  count: number;
  sentAt: number;
}

const hashOf = (userId: string, code: string) =>
  createHash('sha256').update(`step-up:${userId}:${code}`).digest('hex');

/**
 * The 6-digit codes mailed when an account past its failed sign-ins ceiling is signed in to
 * from a device it does not know (issue 29). One live code per account, in the app's shared
 * state (Redis with REDIS_URL: any instance checks it), hashed; it works for 15 minutes, for at
 * most five wrong tries per address (counted per address, so strangers cannot spoil the
 * owner's code), and it is used up by the sign-in it let through.
 */
export class StepUpCodes {
  readonly #opts: StepUpOptions;

  constructor(
    private readonly state: SharedState,
    private readonly now: () => Date,
    opts: Partial<StepUpOptions> = {},
  ) {
    this.#opts = { ...STEP_UP_DEFAULTS, ...opts };
  }

  /** A new code to mail for `userId`; undefined while the last one is live and was mailed recently. */
  async issue(userId: string): Promise<string | undefined> {
    const nowMs = this.now().getTime();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return this.state.update<StoredCode, string | undefined>(this.#key(userId), nowMs, ([live]) => {
      const fresh =
        live && live.expiresAt > nowMs && nowMs - live.sentAt < this.#opts.resendAfterMs;
      if (fresh) return { records: [live], expiresAt: live.expiresAt, result: undefined };
      const expiresAt = nowMs + this.#opts.ttlMs;
      return {
        records: [{ hash: hashOf(userId, code), sentAt: nowMs, expiresAt }],
        expiresAt,
        result: code,
      };
    });
  }

  /**
   * Whether `code` is `userId`'s live code, tried from address `ip`; a wrong one counts
   * against that address, which past the limit gets no for every code until a new one is sent.
   */
  async check(userId: string, code: string, ip: string): Promise<boolean> {
    const nowMs = this.now().getTime();
    const given = Buffer.from(hashOf(userId, code));
    const keys = [...this.#key(userId), `login:step-up-wrong:${userId}\n${ip}`];
    return this.state.update<StoredCode | WrongTries, boolean>(keys, nowMs, (records) => {
      const live = records[0] as StoredCode | undefined;
      if (!live || live.expiresAt <= nowMs) {
        return { records: [undefined, undefined], expiresAt: nowMs, result: false };
      }
      const before = records[1] as WrongTries | undefined;
      const wrong = before?.sentAt === live.sentAt ? before.count : 0;
      if (wrong >= this.#opts.maxWrong)
        return { records, expiresAt: live.expiresAt, result: false };
      const right = timingSafeEqual(Buffer.from(live.hash), given);
      const tries: WrongTries = { count: right ? wrong : wrong + 1, sentAt: live.sentAt };
      return { records: [live, tries], expiresAt: live.expiresAt, result: right };
    });
  }

  /** Ends `userId`'s code: the sign-in it let through used it. */
  async consume(userId: string): Promise<void> {
    const nowMs = this.now().getTime();
    await this.state.update(this.#key(userId), nowMs, () => ({
      records: [undefined],
      expiresAt: nowMs,
      result: undefined,
    }));
  }

  #key(userId: string) {
    return [`login:step-up:${userId}`];
  }
}
