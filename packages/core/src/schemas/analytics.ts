import { z } from 'zod';
import { TRADE_SOURCES } from '../analytics/trades.js';
import { SCRIPT_CELL_IDS } from '../script-cells/catalogue.js';
import { RMultipleSchema, UsdSchema } from '../units/units.js';
import { BoardIdSchema } from './bingo.js';
import { wholeNumberText } from './common.js';
import { text } from './text.js';

const isCalendarDate = (value: string): boolean => {
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/** A local calendar date, 'YYYY-MM-DD'. */
const LocalDateSchema = (label: string) =>
  text(label, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine(isCalendarDate, `${label} is not a real date`);

/** An empty query value (`?pair=`) means no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * GET /api/analytics (and its trades and CSV): every filter optional; dates are the trader's
 * local dates in their time zone, both included; a closed trade is dated by its close.
 */
export const AnalyticsQuerySchema = z
  .object({
    from: optional(LocalDateSchema('From')),
    to: optional(LocalDateSchema('To')),
    pair: optional(
      text('Pair', 'Pair is required')
        .trim()
        .toUpperCase()
        .max(30, 'Pair must be at most 30 characters'),
    ),
    side: optional(z.enum(['long', 'short'], { error: 'Side must be long or short' })),
    board: optional(BoardIdSchema),
    tier: optional(wholeNumberText('Tier must be 1 to 5', 1, 5)),
    source: optional(
      z.enum(TRADE_SOURCES, { error: 'Source must be journal, exchange or offPlan' }),
    ),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    message: 'To must be on or after From',
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const ratio = z.number().nullable();
/** A 95 % confidence interval (win rate 0..1 by Wilson; expectancy in R by Student's t). */
const IntervalSchema = z.object({ low: z.number(), high: z.number() }).nullable();
const GroupStatsSchema = z.object({
  trades: z.number().int().min(0),
  winRate: ratio,
  expectancyR: RMultipleSchema.nullable(),
  pnlUsd: UsdSchema,
  winRateCi: IntervalSchema,
  expectancyRCi: IntervalSchema,
});
const GroupRowSchema = GroupStatsSchema.extend({ key: z.string() });

export const AnalyticsSummarySchema = z.object({
  trades: z.number().int().min(0),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  winRate: ratio,
  expectancyR: RMultipleSchema.nullable(),
  expectancyUsd: UsdSchema.nullable(),
  profitFactor: ratio,
  avgWinR: RMultipleSchema.nullable(),
  avgLossR: RMultipleSchema.nullable(),
  payoffRatio: ratio,
  totalR: RMultipleSchema,
  totalUsd: UsdSchema,
  maxDrawdownR: z.number().min(0),
  maxDrawdownUsd: UsdSchema,
  sqn: ratio,
  longestWinStreak: z.number().int().min(0),
  longestLossStreak: z.number().int().min(0),
});

export const CellEdgeSchema = z.object({
  boardId: z.string().nullable(),
  boardName: z.string().nullable(),
  index: z.number().int().min(0),
  title: z.string(),
  /** The script cell counted (matched by id, titled by the catalogue); null for a hand cell. */
  script: z.enum(SCRIPT_CELL_IDS).nullable(),
  tradesWith: z.number().int().min(0),
  winsWith: z.number().int().min(0),
  lossesWith: z.number().int().min(0),
  winRateWith: ratio,
  expectancyRWith: RMultipleSchema.nullable(),
  winRateWithCi: IntervalSchema,
  expectancyRWithCi: IntervalSchema,
  tradesWithout: z.number().int().min(0),
  winRateWithout: ratio,
  expectancyRWithout: RMultipleSchema.nullable(),
  winRateWithoutCi: IntervalSchema,
  expectancyRWithoutCi: IntervalSchema,
  edgeR: RMultipleSchema.nullable(),
});
export type CellEdgeRow = z.infer<typeof CellEdgeSchema>;

/** The options of the filters, from all the trader's trades (not only the filtered ones). */
export const AnalyticsOptionsSchema = z.object({
  pairs: z.array(z.string()),
  boards: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** GET /api/analytics (DESIGN.md section 8). */
export const AnalyticsResponseSchema = z.object({
  timeZone: z.string(),
  summary: AnalyticsSummarySchema,
  openTrades: z.number().int().min(0),
  /** Closed off-plan trades (taken outside the journal) and what they made or cost, USD. */
  offPlan: z.object({ trades: z.number().int().min(0), pnlUsd: UsdSchema }),
  equity: z.array(
    z.object({
      closedAt: z.string(),
      tradeId: z.string(),
      cumulativeR: RMultipleSchema,
      cumulativeUsd: UsdSchema,
    }),
  ),
  rDistribution: z.array(
    z.object({ from: z.number().nullable(), to: z.number().nullable(), count: z.number().int() }),
  ),
  calendar: z.array(
    z.object({
      date: z.string(),
      trades: z.number().int().min(0),
      pnlUsd: UsdSchema,
      r: RMultipleSchema,
    }),
  ),
  byTier: z.array(GroupStatsSchema.extend({ tier: z.number().int() })),
  byCell: z.array(CellEdgeSchema),
  byPair: z.array(GroupRowSchema),
  bySide: z.array(GroupRowSchema),
  byWeekday: z.array(GroupRowSchema),
  byHour: z.array(GroupRowSchema),
  discipline: z.object({
    followedTier: GroupStatsSchema,
    belowTier: GroupStatsSchema,
    autoTarget: GroupStatsSchema,
    manualTarget: GroupStatsSchema,
    coldStreak: GroupStatsSchema,
    notColdStreak: GroupStatsSchema,
  }),
  /** MFE / MAE of closed trades with a known market (core excursionsReport, issue 26). */
  excursions: z.object({
    trades: z.number().int().min(0),
    missing: z.number().int().min(0),
    winners: z.object({
      trades: z.number().int().min(0),
      medianMaeR: z.number().nullable(),
      maeDistribution: z.array(
        z.object({ from: z.number(), to: z.number().nullable(), count: z.number().int() }),
      ),
    }),
    nextTarget: z.object({
      trades: z.number().int().min(0),
      reachedTarget: z.number().int().min(0),
      reachedNext: z.number().int().min(0),
      extraR: z.number(),
      cameBack: z.number().int().min(0),
    }),
  }),
  options: AnalyticsOptionsSchema,
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;

const WinRateFiguresSchema = z.object({
  trades: z.number().int().min(0),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  winRate: ratio,
  winRateCi: IntervalSchema,
  avgR: RMultipleSchema.nullable(),
});

/**
 * GET /api/analytics/script-cells (annual plan: caseWinrate): each script cell's win rate
 * across every trader's verified trades, anonymous and aggregate (core scriptCellWinRates).
 */
export const ScriptCellWinRatesResponseSchema = z.object({
  since: z.string().nullable(),
  baseline: WinRateFiguresSchema,
  cells: z.array(
    WinRateFiguresSchema.extend({
      id: z.enum(SCRIPT_CELL_IDS),
      label: z.string(),
      rule: z.string(),
      edge: ratio,
      smallSample: z.boolean(),
    }),
  ),
  /** When these figures were counted (they are kept a minute). */
  computedAt: z.string(),
});
export type ScriptCellWinRatesResponse = z.infer<typeof ScriptCellWinRatesResponseSchema>;
