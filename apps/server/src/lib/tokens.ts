import { createHash, randomBytes } from 'node:crypto';

/** A random single-use token for a mailed link (32 bytes, base64url) and the hash we store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** Only this hash is stored, so a database leak does not leak usable links. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
