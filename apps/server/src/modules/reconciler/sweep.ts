/**
 * The slow sweep (DESIGN.md section 13): what prices cannot explain (a close or a round trip
 * in another app, a liquidation on a cross account) is caught by looking at every watched
 * connection's positions (weight 2) now and then, and reading its fills (20 and more) when
 * they moved or when the last read is old. Both periods grow with the number of connections,
 * so the sweep keeps to a fixed part of Hyperliquid's 1,200 a minute per IP, and are bounded:
 *
 * | connections | positions looked at | fills read at least |
 * |---|---|---|
 * | up to 100 | every minute | every 10 minutes |
 * | 1,000 | every 10 minutes | every 67 minutes |
 * | more | every 10 minutes | every 2 hours |
 */

/** Weight a minute the positions probes may spend (each weighs 2). */
export const PROBE_WEIGHT_PER_MINUTE = 200;
/** Weight a minute the fills reads of unchanged accounts may spend (each weighs 20). */
export const FULL_READ_WEIGHT_PER_MINUTE = 300;

const MINUTE_MS = 60_000;
export const MIN_SWEEP_MS = MINUTE_MS;
export const MAX_SWEEP_MS = 10 * MINUTE_MS;
export const MIN_FULL_READ_MS = 10 * MINUTE_MS;
export const MAX_FULL_READ_MS = 120 * MINUTE_MS;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** How long a watched connection goes between two looks at its positions. */
export function sweepMs(connections: number): number {
  const spread = (connections * 2 * MINUTE_MS) / PROBE_WEIGHT_PER_MINUTE;
  return Math.round(clamp(spread, MIN_SWEEP_MS, MAX_SWEEP_MS));
}

/** How long a sweep goes without reading fills while the positions look unchanged. */
export function fullReadMs(connections: number): number {
  const spread = (connections * 20 * MINUTE_MS) / FULL_READ_WEIGHT_PER_MINUTE;
  return Math.round(clamp(spread, MIN_FULL_READ_MS, MAX_FULL_READ_MS));
}

/**
 * How many connections a pass looks at: as many as a sweep period needs per the time since the
 * last pass (`sincePassMs`), so the sweep runs steadily, never in bursts. At least one.
 */
export function sweepLimit(connections: number, sincePassMs: number): number {
  const share = (connections * Math.max(0, sincePassMs)) / sweepMs(connections);
  return Math.max(1, Math.ceil(share));
}
