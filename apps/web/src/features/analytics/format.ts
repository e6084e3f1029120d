/**
 * The analytics report's wording of missing figures ('—' for no trades, no loss, ...), on top of
 * the one web formatter module: numbers themselves are lib/format's.
 */
import { formatPercent, formatRatio, formatSignedR, formatSignedUsd } from '@/lib/format';

/** What a missing figure shows (no trades, no loss for a profit factor). */
export const NONE = '—';

/** '+1.25R', '-1.00R'; null as '—'. */
export const showR = (value: number | null): string =>
  value === null ? NONE : formatSignedR(value);

/** '+$12.50', '-$3.00'; null as '—'. */
export const showUsd = (value: number | null): string =>
  value === null ? NONE : formatSignedUsd(value);

/** A 0..1 ratio as a percentage: 0.625 -> '62.5%'; null as '—'. */
export const showWinRate = (ratio: number | null): string =>
  ratio === null ? NONE : formatPercent(ratio * 100);

/** A plain ratio (profit factor, payoff, SQN): '1.85', '12.30'; null as '—'. */
export const showRatio = (value: number | null): string =>
  value === null ? NONE : formatRatio(value);

/** A drawdown (a fall, >= 0) with a minus sign: 3.2 -> '-3.20R'. */
export const showDrawdownR = (fall: number): string => formatSignedR(-fall);
export const showDrawdownUsd = (fall: number): string => formatSignedUsd(-fall);

/** A 95 % interval of R: '-0.45R to +2.10R'; null as '—'. */
export const showRRange = (ci: { low: number; high: number } | null): string =>
  ci === null ? NONE : `${formatSignedR(ci.low)} to ${formatSignedR(ci.high)}`;

/** A 95 % interval of a 0..1 ratio: '23.1% to 88.2%'; null as '—'. */
export const showRateRange = (ci: { low: number; high: number } | null): string =>
  ci === null ? NONE : `${formatPercent(ci.low * 100)} to ${formatPercent(ci.high * 100)}`;

/** '1 trade', '12 trades'. */
export const tradeCount = (n: number): string => `${n} ${n === 1 ? 'trade' : 'trades'}`;

/** The R/R a score tier allows, as the risk widget names it: 3 -> '3R/R'. */
export const tierLabel = (tier: number): string => `${tier}R/R`;

/** Green for a gain, red for a loss, nothing for zero or none (a CSS modifier). */
export function toneOf(value: number | null): 'gain' | 'loss' | undefined {
  if (value === null || value === 0) return undefined;
  return value > 0 ? 'gain' : 'loss';
}
