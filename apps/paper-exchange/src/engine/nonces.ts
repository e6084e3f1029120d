/** Nonces kept per signer (Hyperliquid keeps the 100 highest). */
export const NONCE_SET_SIZE = 100;
const DAY_MS = 86_400_000;

/**
 * Checks a nonce (epoch ms) against a signer's stored highest nonces (ascending), as
 * Hyperliquid does: it must be unused, larger than the smallest of them once the set is full,
 * and within (now − 2 days, now + 1 day). Returns Hyperliquid's error text, or the nonces to
 * store once the request is accepted.
 */
export function useNonce(
  used: readonly number[],
  nonce: number,
  nowMs: number,
): { error: string } | { nonces: number[] } {
  if (used.includes(nonce)) return { error: `Invalid nonce: duplicate nonce ${nonce}` };
  const smallest = used[0];
  if (used.length >= NONCE_SET_SIZE && smallest !== undefined && nonce <= smallest) {
    return { error: `Invalid nonce: nonce too low ${nonce} < ${smallest}` };
  }
  const earliest = nowMs - 2 * DAY_MS;
  if (nonce <= earliest) return { error: `Invalid nonce: nonce too low ${nonce} < ${earliest}` };
  const latest = nowMs + DAY_MS;
  if (nonce >= latest) return { error: `Invalid nonce: nonce too high ${nonce} > ${latest}` };
  const next = [...used, nonce].sort((a, b) => a - b);
  return { nonces: next.slice(-NONCE_SET_SIZE) };
}
