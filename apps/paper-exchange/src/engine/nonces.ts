import type { PaperState } from '../state.js';

/** Nonces kept per signer (Hyperliquid keeps the 100 highest). */
export const NONCE_SET_SIZE = 100;
const DAY_MS = 86_400_000;

/**
 * Checks and records a nonce (epoch ms) for a signer, as Hyperliquid does: it must be unused,
 * larger than the smallest of the signer's stored highest nonces once that set is full, and
 * within (now − 2 days, now + 1 day). Returns Hyperliquid's error text, or null when accepted.
 */
export function useNonce(
  state: PaperState,
  signer: string,
  nonce: number,
  nowMs: number,
): string | null {
  const used = state.nonces[signer] ?? [];
  if (used.includes(nonce)) return `Invalid nonce: duplicate nonce ${nonce}`;
  const smallest = used[0];
  if (used.length >= NONCE_SET_SIZE && smallest !== undefined && nonce <= smallest) {
    return `Invalid nonce: nonce too low ${nonce} < ${smallest}`;
  }
  const earliest = nowMs - 2 * DAY_MS;
  if (nonce <= earliest) return `Invalid nonce: nonce too low ${nonce} < ${earliest}`;
  const latest = nowMs + DAY_MS;
  if (nonce >= latest) return `Invalid nonce: nonce too high ${nonce} > ${latest}`;
  const next = [...used, nonce].sort((a, b) => a - b);
  state.nonces[signer] = next.slice(-NONCE_SET_SIZE);
  return null;
}
