import { MAX_DEVICE_TOKENS } from '@tb/core';

const KEY = 'deviceTokens';

interface Remembered {
  userId: string;
  token: string;
}

function read(): Remembered[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (r): r is Remembered =>
            typeof r === 'object' &&
            r !== null &&
            typeof (r as Remembered).userId === 'string' &&
            typeof (r as Remembered).token === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The proofs that this browser signed in to accounts before (the newest few, one per account),
 * sent with every sign-in: past strangers' failed sign-ins, an account lets a device it knows
 * in without a mailed code (issue 29). They sign nobody in, so signing out keeps them.
 */
export function deviceTokens(): string[] {
  return read().map((r) => r.token);
}

/** Keeps the token a sign-in answered for `userId`, newest first. */
export function rememberDeviceToken(userId: string, token: string) {
  const kept = read().filter((r) => r.userId !== userId);
  const next = [{ userId, token }, ...kept].slice(0, MAX_DEVICE_TOKENS);
  localStorage.setItem(KEY, JSON.stringify(next));
}
