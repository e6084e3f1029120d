import { formatAmount } from '../format/number.js';
import { formatPrice } from '../format/price.js';
import { roundTo } from '../format/round.js';
import type { Candle } from '../schemas/exchange-responses.js';
import {
  average,
  averageTrueRange,
  closedCandles,
  DAY_MS,
  isSoundCandle,
  notDecided,
  signedPercent,
  type ScriptCellResult,
  type ScriptSide,
} from './indicators.js';

/** Daily closes in the trend average (daily trend, BTC, extension). */
export const TREND_PERIOD_DAYS = 20;
/** True ranges in the ATR of the extension rule. */
export const ATR_PERIOD_DAYS = 14;
/** Distance from the 20-day average, in ATRs, from which a price is extended. */
export const EXTENDED_AT_ATRS = 2;
/** Candles before the last one whose volumes are averaged. */
export const VOLUME_PERIOD_CANDLES = 20;
/**
 * Hourly funding rate (fraction of notional) from which the side that pays it is crowded:
 * 0.01% per hour, eight times Hyperliquid's interest-only rate (0.00125%/h, 0.01% per 8 h) and a
 * fifth of the paper exchange's cap (0.05%/h, MAX_RATE_PER_HOUR). On the paper exchange a 1% rise
 * over 8 hours adds 0.002%/h, so it takes a move of about 4.4% to get there. The cap itself
 * would be too late: a clamped rate is already extreme.
 */
export const FUNDING_EXTREME_PER_HOUR = 0.0001;

/** Options of the rules on daily candles. */
export interface DailyRuleOptions {
  /** Epoch ms: a daily candle still open at this time is left out. Omitted: all are closed. */
  nowMs?: number | undefined;
}

type Window = { candles: Candle[] } | { refused: ScriptCellResult };

/** The last `count` closed candles, or why there are not enough sound ones. */
function lastCandles(
  candles: readonly Candle[],
  count: number,
  intervalMs: number,
  nowMs: number | undefined,
  what: string,
): Window {
  if (!Array.isArray(candles)) return { refused: notDecided(`Not enough data: no ${what}.`) };
  if (!candles.every((candle) => isSoundCandle(candle))) {
    return {
      refused: notDecided(
        `Not enough data: a ${what.replace(/s$/, '')} has a missing or invalid value.`,
      ),
    };
  }
  const closed = closedCandles(candles, intervalMs, nowMs);
  if (closed.length < count) {
    return {
      refused: notDecided(`Not enough data: needs ${count} ${what}, got ${closed.length}.`),
    };
  }
  return { candles: closed.slice(-count) };
}

interface Trend {
  close: number;
  average: number;
  /** (close / average − 1) × 100. */
  distancePct: number;
  text: string;
}

function dailyTrend(
  candles: readonly Candle[],
  options: DailyRuleOptions,
  label: string,
): Trend | ScriptCellResult {
  const window = lastCandles(candles, TREND_PERIOD_DAYS, DAY_MS, options.nowMs, 'daily candles');
  if ('refused' in window) return window.refused;
  const closes = window.candles.map((candle) => candle[4]);
  const close = closes[closes.length - 1] as number;
  const mean = average(closes);
  const distancePct = (close / mean - 1) * 100;
  const text =
    `${label} ${formatPrice(close)} vs ${TREND_PERIOD_DAYS}-day average ${formatPrice(mean)} ` +
    `(${signedPercent(distancePct)})`;
  return { close, average: mean, distancePct, text };
}

/**
 * Daily trend agrees: the last daily close is above the simple average of the last 20 daily
 * closes (that close included) for a long, below it for a short. A close exactly at the average
 * agrees with neither side. Value: the close's distance from the average, in percent.
 */
export function dailyTrendAgrees(
  dailyCandles: readonly Candle[],
  side: ScriptSide,
  options: DailyRuleOptions = {},
): ScriptCellResult {
  const trend = dailyTrend(dailyCandles, options, 'Close');
  if ('ticked' in trend) return trend;
  const ticked = side === 'long' ? trend.close > trend.average : trend.close < trend.average;
  return { ticked, value: roundTo(trend.distancePct, 4), detail: trend.text };
}

/**
 * BTC not against the trade: BTC's last daily close versus its 20-day average does not point
 * against the side (a long fails when BTC closes below its average, a short when above; BTC
 * exactly at its average is flat and against neither). A BTC trade reads BTC's own chart, so it
 * is its own daily trend with a flat market allowed. Value: BTC's distance from its average, %.
 */
export function btcNotAgainst(
  btcDailyCandles: readonly Candle[],
  side: ScriptSide,
  options: DailyRuleOptions = {},
): ScriptCellResult {
  const trend = dailyTrend(btcDailyCandles, options, 'BTC close');
  if ('ticked' in trend) return trend;
  const ticked = side === 'long' ? trend.close >= trend.average : trend.close <= trend.average;
  return { ticked, value: roundTo(trend.distancePct, 4), detail: trend.text };
}

/** An hourly rate in percent with its sign and up to 5 decimals: 0.0000125 → '+0.00125%'. */
function ratePercent(rate: number): string {
  const text = String(roundTo(Math.abs(rate) * 100, 5));
  if (Number(text) === 0) return '0%';
  return `${rate > 0 ? '+' : '-'}${text}%`;
}

/**
 * Funding not extreme: the side that pays the current hourly funding is not crowded. A long pays
 * a positive rate, so it fails at +0.01% per hour or more; a short pays a negative rate, so it
 * fails at −0.01% per hour or less. Funding in the trade's favour never fails it. Value: the
 * hourly rate in percent (0.0000125 → 0.00125).
 *
 * @param fundingRatePerHour the hourly rate as Hyperliquid gives it (fraction of notional).
 */
export function fundingNotExtreme(
  fundingRatePerHour: number | null | undefined,
  side: ScriptSide,
): ScriptCellResult {
  if (typeof fundingRatePerHour !== 'number' || !Number.isFinite(fundingRatePerHour)) {
    return notDecided('Not enough data: no funding rate for this market.');
  }
  const paid = side === 'long' ? fundingRatePerHour : -fundingRatePerHour;
  const limit =
    side === 'long'
      ? `${ratePercent(FUNDING_EXTREME_PER_HOUR)} or more`
      : `${ratePercent(-FUNDING_EXTREME_PER_HOUR)} or less`;
  return {
    ticked: paid < FUNDING_EXTREME_PER_HOUR,
    value: roundTo(fundingRatePerHour * 100, 6),
    detail: `Funding ${ratePercent(fundingRatePerHour)} per hour (extreme for a ${side} at ${limit})`,
  };
}

/** Options of the volume rule: the caller's timeframe. */
export interface VolumeRuleOptions {
  /** Length of one candle in ms (the trade's timeframe, e.g. 3_600_000 for 1h). */
  intervalMs: number;
  /** Epoch ms: a candle still open at this time is left out. Omitted: all are closed. */
  nowMs?: number | undefined;
}

/**
 * Volume above its average: the last closed candle's volume is above the simple average of the
 * volumes of the 20 candles before it (equal is not above). The same for both sides. Value: the
 * volume as a multiple of that average (1.5 = 50% above).
 */
export function volumeAboveAverage(
  candles: readonly Candle[],
  options: VolumeRuleOptions,
): ScriptCellResult {
  const count = VOLUME_PERIOD_CANDLES + 1;
  if (!Number.isFinite(options.intervalMs) || options.intervalMs <= 0) {
    return notDecided('Not enough data: no timeframe for the candles.');
  }
  const window = lastCandles(candles, count, options.intervalMs, options.nowMs, 'candles');
  if ('refused' in window) return window.refused;
  const volumes = window.candles.map((candle) => candle[5]);
  const volume = volumes[volumes.length - 1] as number;
  const mean = average(volumes.slice(0, -1));
  if (mean <= 0) {
    return notDecided(
      `Not enough data: no volume in the ${VOLUME_PERIOD_CANDLES} candles before the last.`,
    );
  }
  const ratio = volume / mean;
  return {
    ticked: volume > mean,
    value: roundTo(ratio, 4),
    detail:
      `Volume ${formatAmount(volume)} vs ${VOLUME_PERIOD_CANDLES}-candle average ` +
      `${formatAmount(mean)} (${ratio.toFixed(2)}×)`,
  };
}

/**
 * Price not extended: |last daily close − its 20-day average| / ATR(14) is under 2, where ATR is
 * the simple average of the last 14 daily true ranges (max of high − low and the distances of
 * high and low from the close before). Exactly 2 ATRs is extended. The same for both sides.
 * Value: the signed distance in ATRs (+ above the average, − below).
 */
export function priceNotExtended(
  dailyCandles: readonly Candle[],
  options: DailyRuleOptions = {},
): ScriptCellResult {
  const trend = dailyTrend(dailyCandles, options, 'Close');
  if ('ticked' in trend) return trend;
  const window = lastCandles(
    dailyCandles,
    TREND_PERIOD_DAYS,
    DAY_MS,
    options.nowMs,
    'daily candles',
  );
  if ('refused' in window) return window.refused;
  const atr = averageTrueRange(window.candles, ATR_PERIOD_DAYS);
  if (!(atr > 0)) return notDecided('Not enough data: the daily candles have no range (ATR 0).');
  const atrs = (trend.close - trend.average) / atr;
  const where = atrs >= 0 ? 'above' : 'below';
  return {
    ticked: Math.abs(atrs) < EXTENDED_AT_ATRS,
    value: roundTo(atrs, 4),
    detail:
      `Close ${formatPrice(trend.close)} is ${Math.abs(atrs).toFixed(1)} ATR ${where} its ` +
      `${TREND_PERIOD_DAYS}-day average ${formatPrice(trend.average)} (ATR ${formatPrice(atr)})`,
  };
}
