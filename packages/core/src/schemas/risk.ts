import { z } from 'zod';
import { CLOSED_TRADE_STATUSES } from '../trade/status.js';
import {
  intField,
  IsoDateTimeSchema,
  nonNegativeAmount,
  numberField,
  positiveAmount,
} from './common.js';

/** A sum of amounts: finite and >= 0, with no upper bound (sums may pass any single amount's). */
const nonNegativeSum = (label: string) => numberField(label).min(0, `${label} must be 0 or more`);

/** Counters of the current trading day (SPEC.md section 3); money in dollars, >= 0. */
export const DailyStatsSchema = z.object({
  /** The trading day these counters belong to, 'YYYY-MM-DD' in the user's time zone. */
  lastTradeDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .nullable(),
  /** Trades opened today, counted when opened (deleting one gives nothing back). */
  trades: intField('Trades', 0, 1e9),
  /** Trades closed today at their target. */
  wins: intField('Wins', 0, 1e9),
  /** Trades closed today at their stoploss. */
  losses: intField('Losses', 0, 1e9),
  /** Sum of today's winning `pnlUsd`, in USD (>= 0). */
  dailyProfit: nonNegativeSum('Daily profit'),
  /** Sum of today's losing `pnlUsd` as a positive number, in USD (>= 0). */
  dailyLoss: nonNegativeSum('Daily loss'),
  /** Sum of the R-multiples of the trades closed today (may be negative). */
  dailyR: numberField('Daily R').default(0),
  /** Of today's trades, those taken outside the plan (off-plan, DESIGN.md section 11). */
  offPlanTrades: intField('Off-plan trades', 0, 1e9).default(0),
  /** Their summed `pnlUsd` (may be negative): what trading off the plan made or cost today. */
  offPlanPnlUsd: numberField('Off-plan P/L').default(0),
});
export type DailyStats = z.infer<typeof DailyStatsSchema>;

/** All-time counters (SPEC.md section 3). */
export const TotalStatsSchema = z.object({
  trades: intField('Trades', 0, 1e9),
  wins: intField('Wins', 0, 1e9),
  losses: intField('Losses', 0, 1e9),
  /** Net result in USD: totalReward − totalRisk (may be negative). */
  totalGain: numberField('Total gain'),
  /** Sum of losing `pnlUsd` as a positive number, in USD. */
  totalRisk: nonNegativeSum('Total risk'),
  /** Sum of winning `pnlUsd`, in USD. */
  totalReward: nonNegativeSum('Total reward'),
  /** Average win ÷ average loss in USD, 2 decimals; 0 until there is at least one of each. */
  averageRR: numberField('Average R/R').min(0, 'Average R/R must be 0 or more'),
});
export type TotalStats = z.infer<typeof TotalStatsSchema>;

/** Bounds of the daily limits a trader may set (DESIGN.md section 7). */
export const RISK_LIMIT_BOUNDS = {
  maxTradesPerDay: { min: 1, max: 20 },
  maxDailyLoss: { min: 1, max: 1_000_000 },
} as const;

const maxDailyLossField = numberField('Max daily loss')
  .min(
    RISK_LIMIT_BOUNDS.maxDailyLoss.min,
    `Max daily loss must be at least $${RISK_LIMIT_BOUNDS.maxDailyLoss.min}`,
  )
  .max(
    RISK_LIMIT_BOUNDS.maxDailyLoss.max,
    `Max daily loss must be at most $${RISK_LIMIT_BOUNDS.maxDailyLoss.max.toLocaleString('en-US')}`,
  );
const maxTradesPerDayField = intField(
  'Max trades per day',
  RISK_LIMIT_BOUNDS.maxTradesPerDay.min,
  RISK_LIMIT_BOUNDS.maxTradesPerDay.max,
);

/**
 * Limits the user trades under (SPEC.md section 3: defaults 500 and 3): `maxDailyLoss` in USD
 * of realised loss per trading day, `maxTradesPerDay` trades opened per trading day. Stored
 * states keep what they hold; requests are bounded by {@link RISK_LIMIT_BOUNDS}.
 */
export const RiskLimitsSchema = z.object({
  maxDailyLoss: positiveAmount('Max daily loss'),
  maxTradesPerDay: intField('Max trades per day', 1, 1000),
});
export type RiskLimits = z.infer<typeof RiskLimitsSchema>;

/**
 * The trading day the daily counters belong to (DESIGN.md section 7): from `startsAt` to
 * `endsAt` in the zone `timeZone` that was the user's when it began. A time-zone change
 * takes effect only when this day ends.
 */
export const TradingDaySchema = z.object({
  timeZone: z.string().min(1).max(64),
  startsAt: IsoDateTimeSchema,
  endsAt: IsoDateTimeSchema,
  /** When the third stoploss of the day was taken (starts the grass cooldown). */
  thirdStoplossAt: IsoDateTimeSchema.nullable().default(null),
  /** When "Did you touch some grass? Yes" reset the counter today (once per day). */
  grassResetAt: IsoDateTimeSchema.nullable().default(null),
  /** When the realised loss first reached the daily limit: the session stays ended all day,
   * even if a later win brings the net loss back under it. */
  dailyLossHitAt: IsoDateTimeSchema.nullable().default(null),
});
export type TradingDay = z.infer<typeof TradingDaySchema>;

/** GET /api/risk-management/ and the answer of every risk call: the risk fields of SPEC.md. */
export const RiskStateSchema = z.object({
  /** Dollars. */
  accountSize: nonNegativeAmount('Account size'),
  /** Dollars, trade size at streak 0. */
  baseTradeSize: nonNegativeAmount('Trade size'),
  /** Percent, 10 + 2 × tradeStreak. */
  currentPercentage: numberField('Percentage').min(0).max(100),
  tradeStreak: intField('Trade streak', -3, 3),
  slTaken: intField('Stoplosses taken', 0, 3),
  lastUpdate: IsoDateTimeSchema,
  dailyStats: DailyStatsSchema,
  totalStats: TotalStatsSchema,
  /** The limits in force today. */
  settings: RiskLimitsSchema,
  /** Looser limits asked for today, in force from the next trading day; null when none. */
  pendingSettings: RiskLimitsSchema.nullable().default(null),
  /** Today's trading day; null before the first use (states stored before it existed). */
  tradingDay: TradingDaySchema.nullable().default(null),
});
export type RiskState = z.infer<typeof RiskStateSchema>;

/** A closed outcome: target hit or stoploss hit. */
export const ClosedTradeStatusSchema = z.enum(CLOSED_TRADE_STATUSES, {
  error: 'Status must be TARGET_HIT or STOPLOSS_HIT',
});

/** POST /api/risk-management/update: a closed trade's outcome, P/L in USD (+ gain). */
export const RiskUpdateRequestSchema = z
  .object({
    status: ClosedTradeStatusSchema,
    profitLoss: numberField('Profit/loss')
      .min(-1e9, 'Profit/loss is too large')
      .max(1e9, 'Profit/loss is too large'),
  })
  .refine((body) => (body.status === 'TARGET_HIT' ? body.profitLoss >= 0 : body.profitLoss <= 0), {
    message: 'A target hit cannot lose money and a stoploss hit cannot make money',
    path: ['profitLoss'],
  });
export type RiskUpdateRequest = z.infer<typeof RiskUpdateRequestSchema>;

/**
 * POST /api/risk-management/settings: account size and base trade size in USD, and the daily
 * limits (each optional; a tighter limit applies at once, a looser one the next trading day).
 */
export const RiskSettingsRequestSchema = z
  .object({
    accountSize: positiveAmount('Account size').optional(),
    baseTradeSize: positiveAmount('Trade size').optional(),
    maxDailyLoss: maxDailyLossField.optional(),
    maxTradesPerDay: maxTradesPerDayField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change: send accountSize, baseTradeSize, maxDailyLoss or maxTradesPerDay',
  });
export type RiskSettingsRequest = z.infer<typeof RiskSettingsRequestSchema>;
