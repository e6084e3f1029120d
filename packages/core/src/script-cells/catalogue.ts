import type { Candle } from '../schemas/exchange-responses.js';
import type { PlanId } from '../schemas/users.js';
import type { ScriptCellResult, ScriptSide } from './indicators.js';
import {
  btcNotAgainst,
  dailyTrendAgrees,
  fundingNotExtreme,
  priceNotExtended,
  volumeAboveAverage,
} from './rules.js';

/** The script cells' ids, in board order; a board cell or a trade's snapshot names one as `script`. */
export const SCRIPT_CELL_IDS = [
  'daily-trend',
  'funding-calm',
  'btc-agrees',
  'volume-up',
  'not-extended',
] as const;
export type ScriptCellId = (typeof SCRIPT_CELL_IDS)[number];

/** A cell the app ticks itself from market data at plan time; a trader cannot tick it by hand. */
export interface ScriptCell {
  id: ScriptCellId;
  /** The board cell's title (like STARTER_CELLS' titles). */
  label: string;
  /** The rule in plain words, shown beside the cell. */
  rule: string;
  /**
   * Points added to the score when the script ticks it. Fixed by the script: a board cell
   * carrying it takes its title and points from here whatever the client sends (normalised on
   * every save), and a trader who wants other points turns it back into an own cell.
   */
  points: number;
  /** What the result's `value` measures. */
  valueUnit: string;
  /** Plans whose boards carry it. */
  plans: readonly PlanId[];
}

const SCRIPT_PLANS: readonly PlanId[] = ['quarterly', 'annual'];

/** The catalogue of script cells (DESIGN.md section 15), in board order. */
export const SCRIPT_CELLS: readonly ScriptCell[] = [
  {
    id: 'daily-trend',
    label: 'Trend on the daily agrees',
    rule: 'The last daily close is above the average of the last 20 daily closes for a long (below for a short). Exactly at the average agrees with neither.',
    points: 2,
    valueUnit: '% from the 20-day average',
    plans: SCRIPT_PLANS,
  },
  {
    id: 'funding-calm',
    label: 'Funding not extreme',
    rule: 'The hourly funding rate the trade would pay is under 0.01% per hour: for a long, funding below +0.01%/h; for a short, above −0.01%/h. Funding that pays the trade always passes.',
    points: 1,
    valueUnit: '% per hour',
    plans: SCRIPT_PLANS,
  },
  {
    id: 'btc-agrees',
    label: 'BTC not against the trade',
    rule: "BTC's last daily close is not below its 20-day average for a long (not above for a short). BTC exactly at its average is flat and passes. For a BTC trade this reads BTC's own chart.",
    points: 1,
    valueUnit: "% of BTC's close from its 20-day average",
    plans: SCRIPT_PLANS,
  },
  {
    id: 'volume-up',
    label: 'Volume above its 20-candle average',
    rule: "The last closed candle's volume on the trade's timeframe is above the average volume of the 20 candles before it (equal is not above).",
    points: 1,
    valueUnit: '× the 20-candle average',
    plans: SCRIPT_PLANS,
  },
  {
    id: 'not-extended',
    label: 'Price not extended',
    rule: 'The last daily close is less than 2 ATRs from its 20-day average, either way. ATR is the simple average of the last 14 daily true ranges. Exactly 2 ATRs is extended.',
    points: 2,
    valueUnit: 'ATRs from the 20-day average (+ above, − below)',
    plans: SCRIPT_PLANS,
  },
];

/** The script cell with this id, or undefined. */
export function scriptCellById(id: string): ScriptCell | undefined {
  return SCRIPT_CELLS.find((cell) => cell.id === id);
}

/** Script cells a plan's boards carry (none for quick and monthly). */
export function scriptCellsForPlan(plan: PlanId): ScriptCell[] {
  return SCRIPT_CELLS.filter((cell) => cell.plans.includes(plan));
}

/** The market data the script cells read for one trade at plan time. */
export interface ScriptMarketData {
  /** Daily candles of the trade's coin, oldest first (at least 20). */
  dailyCandles: readonly Candle[];
  /** Daily candles of BTC (the same as `dailyCandles` for a BTC trade). */
  btcDailyCandles: readonly Candle[];
  /** The current hourly funding rate of the coin (fraction), or null when unknown. */
  fundingRatePerHour: number | null;
  /** Candles of the trade's timeframe (at least 21 closed). */
  candles: readonly Candle[];
  /** Length of one of `candles`, in ms. */
  intervalMs: number;
  /** Epoch ms of the plan: candles still open then are left out. */
  nowMs?: number | undefined;
}

/** Each script cell's result for a trade's market data and side. */
export function evaluateScriptCells(
  data: ScriptMarketData,
  side: ScriptSide,
): Record<ScriptCellId, ScriptCellResult> {
  const daily = { nowMs: data.nowMs };
  return {
    'daily-trend': dailyTrendAgrees(data.dailyCandles, side, daily),
    'funding-calm': fundingNotExtreme(data.fundingRatePerHour, side),
    'btc-agrees': btcNotAgainst(data.btcDailyCandles, side, daily),
    'volume-up': volumeAboveAverage(data.candles, {
      intervalMs: data.intervalMs,
      nowMs: data.nowMs,
    }),
    'not-extended': priceNotExtended(data.dailyCandles, daily),
  };
}
