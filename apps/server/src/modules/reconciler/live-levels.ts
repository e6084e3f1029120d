/**
 * The levels of a live trade the market can cross (DESIGN.md section 13): a resting entry's
 * limit, the stop, the target and (roughly) the liquidation price. When the mid price is at
 * or past one of them, the exchange may have filled an order of the trade, and its fills are
 * read now instead of on the slow sweep.
 */

/** A live trade as the price watch sees it. */
export interface LiveLevels {
  tradeId: string;
  userId: string;
  connectionId: string;
  network: 'mainnet' | 'testnet' | 'paper';
  coin: string;
  isLong: boolean;
  /** resting: the entry has not filled yet; open: the position is held. */
  execution: 'resting' | 'open';
  orderType: 'limit' | 'market';
  entry: number;
  /** The stop on the exchange (moved, e.g. to break-even) or the journal's. */
  stop: number;
  target: number;
  leverage: number;
  /** The entry's fill price, once filled. */
  entryFill: number | null;
}

/**
 * How near a level the mid must come to count as reached: the exchange triggers on its mark
 * price, which runs a little apart from the mid; a read a little early costs one fills read.
 */
export const LEVEL_BAND = 0.001;

/**
 * Liquidation, approximated on the near side: the price at which the position has lost 90 %
 * of its initial margin (Hyperliquid's maintenance margin is half the initial one at the
 * highest leverage, less below it; a cross account's other funds put it farther still).
 */
export function liquidationNear(entry: number, leverage: number, isLong: boolean): number {
  const move = 0.9 / Math.max(1, leverage);
  return isLong ? entry * (1 - move) : entry * (1 + move);
}

/**
 * Where `mid` is against `level`, in the direction the order triggers in: `past` (at it or
 * beyond), `near` (within the band before it) or null.
 */
function reached(mid: number, level: number, fromAbove: boolean): 'past' | 'near' | null {
  if (fromAbove ? mid <= level : mid >= level) return 'past';
  return (fromAbove ? mid <= level * (1 + LEVEL_BAND) : mid >= level * (1 - LEVEL_BAND))
    ? 'near'
    : null;
}

/**
 * A level reached: which, and whether the mid is past it or only near it. A move from near to
 * past is a new level to the watch (read at once, whatever the recheck's wait).
 */
export type Level = `${'entry' | 'stop' | 'target' | 'liquidation'}:${'near' | 'past'}`;

/**
 * The level of the trade the market is at or past (one that fills one of its orders), or
 * null: a market entry whose fill was not read yet always is at its entry (its fills are due).
 */
export function levelReached(trade: LiveLevels, mid: number): Level | null {
  if (!Number.isFinite(mid) || mid <= 0) return null;
  const long = trade.isLong;
  if (trade.execution === 'resting') {
    // A market entry is due until its fill is read. A buy limit fills when the price comes
    // down to it; a sell limit when it rises to it.
    if (trade.orderType === 'market') return 'entry:past';
    const at = reached(mid, trade.entry, long);
    return at && `entry:${at}`;
  }
  // Placed at market (open at once), its fill not read yet: the entry's price is due.
  if (trade.entryFill === null) return 'entry:past';
  const stop = reached(mid, trade.stop, long);
  if (stop) return `stop:${stop}`;
  const target = reached(mid, trade.target, !long);
  if (target) return `target:${target}`;
  const liquidation = reached(mid, liquidationNear(trade.entryFill, trade.leverage, long), long);
  return liquidation && `liquidation:${liquidation}`;
}

/** The first read after a level is reached is at once; while it stays reached, again after. */
export const FIRST_RECHECK_MS = 2_000;
export const MAX_RECHECK_MS = 60_000;

/** What the watch remembers of a trade at a level: which, and when to read its fills again. */
export interface AtLevel {
  level: Level;
  nextMs: number;
  waitMs: number;
}

/**
 * Which trades' fills are due now, and what to remember for the next tick: a trade that
 * reached a level is due at once (and when it reaches another), and again after 2 s, 4 s, ...
 * (a minute at most) while it stays there (the exchange's mark may lag the mid, a fill may land a moment later); one that
 * left every level is forgotten. `mids` by coin; a trade without a mid is left as it was.
 */
export function dueTrades(
  trades: readonly LiveLevels[],
  mids: (trade: LiveLevels) => number | undefined,
  remembered: ReadonlyMap<string, AtLevel>,
  nowMs: number,
): { due: LiveLevels[]; next: Map<string, AtLevel> } {
  const due: LiveLevels[] = [];
  const next = new Map<string, AtLevel>();
  for (const trade of trades) {
    const mid = mids(trade);
    const before = remembered.get(trade.tradeId);
    if (mid === undefined) {
      if (before) next.set(trade.tradeId, before);
      continue;
    }
    const level = levelReached(trade, mid);
    if (level === null) continue;
    // A level reached anew (a first one, or the next: the entry filled, then the target).
    if (!before || before.level !== level) {
      due.push(trade);
      const waitMs = FIRST_RECHECK_MS;
      next.set(trade.tradeId, { level, nextMs: nowMs + waitMs, waitMs });
    } else if (nowMs >= before.nextMs) {
      due.push(trade);
      const waitMs = Math.min(before.waitMs * 2, MAX_RECHECK_MS);
      next.set(trade.tradeId, { level, nextMs: nowMs + waitMs, waitMs });
    } else {
      next.set(trade.tradeId, before);
    }
  }
  return { due, next };
}
