import { formatSignedUsd } from '../format/money.js';
import { roundTo } from '../format/round.js';
import type { TradeStatus } from '../trade/status.js';
import { sumUsd } from '../units/units.js';

/** Colour class of an R/R on the leaderboard (SPEC.md section 9). */
export type RiskRewardClass = 'golden' | 'purple' | 'normal' | 'bad';

/** 3 or more golden, 1.5 to 3 purple, 1 to 1.5 normal, below 1 (or unreadable) bad. */
export function riskRewardClass(rr: number): RiskRewardClass {
  if (rr >= 3) return 'golden';
  if (rr >= 1.5) return 'purple';
  if (rr >= 1) return 'normal';
  return 'bad';
}

/** Winrate as shown: one decimal and a percent sign (62.5 → '62.5%'). */
export function formatWinrate(winratePct: number): string {
  return `${Number.isFinite(winratePct) ? roundTo(winratePct, 1).toFixed(1) : '0.0'}%`;
}

/** Gain as shown: dollars with sign and 2 decimals ('+$12.50', '-$3.00'). */
export function formatGain(gainUsd: number): string {
  return formatSignedUsd(gainUsd);
}

/** Sort buttons of the leaderboard; `rr` is the R column: realised R per trade. */
export const LEADERBOARD_SORT_KEYS = ['trades', 'winrate', 'gain', 'rr'] as const;
export type LeaderboardSortKey = (typeof LEADERBOARD_SORT_KEYS)[number];

/** One leaderboard row (SPEC.md section 3). */
export interface LeaderboardRow {
  id: string;
  username: string;
  isPremium: boolean;
  /** Closed trades. */
  totalTrades: number;
  /** Wins ÷ closed trades, in percent, 1 decimal. */
  winrate: number;
  /** Sum of closed trades' `pnlUsd`, USD, 2 decimals. */
  totalGain: number;
  /** Mean planned R/R of closed trades, 2 decimals. */
  riskRewardRatio: number;
  /** Mean realised R-multiple of closed trades that have one, each at most the cap, 2 decimals. */
  avgR: number;
  /** At least one closed trade, and every closed trade closed from exchange fills. */
  verified: boolean;
}

/** The trade fields a leaderboard row needs. */
export interface LeaderboardTrade {
  status: TradeStatus;
  /** The trade's P/L in USD (DESIGN.md section 7); null while OPEN. */
  pnlUsd: number | null;
  riskRewardRatio: number | null;
  /** The realised R-multiple; null while OPEN (and for a trade without a plan). */
  rMultiple?: number | null;
  /** Position notional at entry, USD: the most one trade's gain counts. */
  sizeUsd: number;
  /** Closed from the exchange's fills (source 'exchange'); absent = a journal trade. */
  verified?: boolean;
}

/**
 * Highest planned R/R one trade counts on the leaderboard: the board's top tier ("5R/R
 * Maximum risk allowed!"). A manual target beyond it is allowed in the journal, but one
 * absurd plan must not lead the R/R column.
 */
export const LEADERBOARD_MAX_RR = 5;

/**
 * What one closed trade adds to the leaderboard's Gain: its `pnlUsd`, a gain counted at most
 * its own size (`sizeUsd`, the money the position put at stake). A real trade reaches that
 * cap only if the price doubled (a long), or never (a short gains at most its size); prices
 * typed far from any market (entry 0.000001, target 1e12) reach it at once, and then weigh as
 * one doubled position instead of the whole ranking. Losses count in full (they are real).
 */
export function countedGainUsd(trade: { pnlUsd: number; sizeUsd: number }): number {
  return Math.min(trade.pnlUsd, Math.max(trade.sizeUsd, 0));
}

/**
 * A trader's row from their trades. Only closed trades count (an open trade has no result):
 * totalTrades = closed trades; winrate = target hits ÷ closed × 100; totalGain = exact sum
 * of `pnlUsd` (DESIGN.md section 7: money from sized positions, so traders of every asset
 * compare fairly), each gain counted at most its size ({@link countedGainUsd});
 * riskRewardRatio = mean of the trades' planned R/R where one is recorded, each at most
 * {@link LEADERBOARD_MAX_RR}; verified = at least one closed trade and all of them verified.
 * All 0 (and not verified) for a trader with no closed trade.
 */
export function leaderboardRowFromTrades(
  user: Pick<LeaderboardRow, 'id' | 'username' | 'isPremium'>,
  trades: readonly LeaderboardTrade[],
): LeaderboardRow {
  const closed = trades.filter((t) => t.status !== 'OPEN');
  const wins = closed.filter((t) => t.status === 'TARGET_HIT').length;
  const gain = sumUsd(
    closed.map((t) =>
      Number.isFinite(t.pnlUsd) ? countedGainUsd({ pnlUsd: t.pnlUsd!, sizeUsd: t.sizeUsd }) : 0,
    ),
  );
  const ratios = closed
    .map((t) => t.riskRewardRatio)
    .filter((rr): rr is number => typeof rr === 'number' && Number.isFinite(rr) && rr >= 0)
    .map((rr) => Math.min(rr, LEADERBOARD_MAX_RR));
  const meanRatio = ratios.length ? ratios.reduce((a, b) => a + b, 0) / ratios.length : 0;
  const realised = closed
    .map((t) => t.rMultiple)
    .filter((r): r is number => typeof r === 'number' && Number.isFinite(r))
    .map((r) => Math.min(r, LEADERBOARD_MAX_RR));
  const meanR = realised.length ? realised.reduce((a, b) => a + b, 0) / realised.length : 0;
  return {
    ...user,
    totalTrades: closed.length,
    winrate: closed.length ? roundTo((wins / closed.length) * 100, 1) : 0,
    totalGain: roundTo(gain, 2),
    riskRewardRatio: roundTo(meanRatio, 2),
    avgR: roundTo(meanR, 2),
    verified: closed.length > 0 && closed.every((t) => t.verified === true),
  };
}

const SORT_FIELD: Readonly<Record<LeaderboardSortKey, keyof LeaderboardRow>> = {
  trades: 'totalTrades',
  winrate: 'winrate',
  gain: 'totalGain',
  rr: 'avgR',
};

/**
 * Rows sorted by a sort key, highest first by default; ties by username (A→Z) so the order is
 * stable. Rank is the position in the result, from 1. Returns a new array.
 */
export function sortLeaderboard<T extends LeaderboardRow>(
  rows: readonly T[],
  key: LeaderboardSortKey,
  direction: 'asc' | 'desc' = 'desc',
): T[] {
  const field = SORT_FIELD[key];
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const diff = (a[field] as number) - (b[field] as number);
    if (diff !== 0) return sign * diff;
    return a.username.localeCompare(b.username, 'en');
  });
}
