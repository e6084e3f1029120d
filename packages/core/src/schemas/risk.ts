import { z } from 'zod';
import { CLOSED_TRADE_STATUSES } from '../trade/status.js';
import {
  intField,
  IsoDateTimeSchema,
  nonNegativeAmount,
  numberField,
  positiveAmount,
} from './common.js';

/** Counters of the current trading day (SPEC.md section 3); money in dollars, >= 0. */
export const DailyStatsSchema = z.object({
  /** The trading day these counters belong to, 'YYYY-MM-DD' in the user's time zone. */
  lastTradeDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .nullable(),
  trades: intField('Trades', 0, 1e9),
  wins: intField('Wins', 0, 1e9),
  losses: intField('Losses', 0, 1e9),
  /** Sum of today's gains, dollars per unit (>= 0). */
  dailyProfit: nonNegativeAmount('Daily profit'),
  /** Sum of today's losses as a positive number, dollars per unit (>= 0). */
  dailyLoss: nonNegativeAmount('Daily loss'),
});
export type DailyStats = z.infer<typeof DailyStatsSchema>;

/** All-time counters (SPEC.md section 3). */
export const TotalStatsSchema = z.object({
  trades: intField('Trades', 0, 1e9),
  wins: intField('Wins', 0, 1e9),
  losses: intField('Losses', 0, 1e9),
  /** Net result: totalReward − totalRisk (may be negative). */
  totalGain: numberField('Total gain'),
  /** Sum of losses as a positive number. */
  totalRisk: nonNegativeAmount('Total risk'),
  /** Sum of gains. */
  totalReward: nonNegativeAmount('Total reward'),
  /** Average win ÷ average loss, 2 decimals; 0 until there is at least one of each. */
  averageRR: numberField('Average R/R').min(0, 'Average R/R must be 0 or more'),
});
export type TotalStats = z.infer<typeof TotalStatsSchema>;

/** Limits the user trades under (SPEC.md section 3: defaults 500 and 3). */
export const RiskLimitsSchema = z.object({
  maxDailyLoss: nonNegativeAmount('Max daily loss'),
  maxTradesPerDay: intField('Max trades per day', 1, 1000),
});
export type RiskLimits = z.infer<typeof RiskLimitsSchema>;

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
  settings: RiskLimitsSchema,
});
export type RiskState = z.infer<typeof RiskStateSchema>;

/** A closed outcome: target hit or stoploss hit. */
export const ClosedTradeStatusSchema = z.enum(CLOSED_TRADE_STATUSES, {
  error: 'Status must be TARGET_HIT or STOPLOSS_HIT',
});

/** POST /api/risk-management/update: a closed trade's outcome, P/L in dollars (+ gain). */
export const RiskUpdateRequestSchema = z.object({
  status: ClosedTradeStatusSchema,
  profitLoss: numberField('Profit/loss').min(-1e12).max(1e12),
});
export type RiskUpdateRequest = z.infer<typeof RiskUpdateRequestSchema>;

/** POST /api/risk-management/settings, in dollars. */
export const RiskSettingsRequestSchema = z.object({
  accountSize: positiveAmount('Account size'),
  baseTradeSize: positiveAmount('Trade size'),
});
export type RiskSettingsRequest = z.infer<typeof RiskSettingsRequestSchema>;
