import type { SecretBox } from '../../lib/secret-box.js';

/** How long a browser stays a known device of an account after a sign-in there. */
export const DEVICE_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Proof that a browser signed in to an account before: the account's id and the time, sealed
 * with the app's SecretBox (AES-GCM), so it cannot be made or changed without APP_SECRET. It
 * is no session and signs nobody in: it only spares a known device the step-up when strangers
 * have pushed the account past its failed sign-ins ceiling (issue 29). Nothing is stored.
 */
export class DeviceTokens {
  constructor(
    private readonly box: SecretBox,
    private readonly ttlMs = DEVICE_TOKEN_TTL_MS,
  ) {}

  issue(userId: string, now: Date): string {
    return this.box.encrypt(JSON.stringify({ u: userId, t: now.getTime() }));
  }

  /** Whether one of `tokens` was issued to `userId` within the last `ttlMs`. */
  knows(tokens: readonly string[] | undefined, userId: string, now: Date): boolean {
    return (tokens ?? []).some((token) => {
      const sealed = this.#open(token);
      return (
        sealed?.u === userId && now.getTime() - sealed.t < this.ttlMs && sealed.t <= now.getTime()
      );
    });
  }

  #open(token: string): { u: string; t: number } | undefined {
    try {
      const value = JSON.parse(this.box.decrypt(token)) as { u?: unknown; t?: unknown };
      return typeof value.u === 'string' && typeof value.t === 'number'
        ? { u: value.u, t: value.t }
        : undefined;
    } catch {
      return undefined;
    }
  }
}
