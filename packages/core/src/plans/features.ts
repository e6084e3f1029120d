import type { SubscriptionPlan } from '../schemas/users.js';

/** Every plan that gives premium, the free 3-day plan included. */
const ALL_PLANS: readonly SubscriptionPlan[] = ['free', 'quick', 'monthly', 'quarterly', 'annual'];

/** Premium features (SPEC.md section 6). */
export const PREMIUM_FEATURE_IDS = [
  'infiniteBoards',
  'analytics',
  'chatbox',
  'liveTradingApis',
  'boardExport',
  'scriptCase',
  'caseWinrate',
  'monthlyStrategyUpdate',
] as const;
export type PremiumFeatureId = (typeof PREMIUM_FEATURE_IDS)[number];

/**
 * A premium feature: its name, what it is in one line, its plans. Every feature sold is built
 * (DESIGN.md section 15: nothing is sold as "coming soon").
 */
export interface PremiumFeature {
  id: PremiumFeatureId;
  label: string;
  /** What the feature is, in one line, as every screen that sells premium says it. */
  description: string;
  plans: readonly SubscriptionPlan[];
}

/**
 * Exchange API keys per plan (SPEC.md section 6, DESIGN.md): free 1, monthly 2, quarterly 3,
 * annual unlimited. `free` is both the free 3-day plan and no premium at all.
 */
export const EXCHANGE_KEY_LIMITS: Readonly<Record<SubscriptionPlan, number>> = {
  free: 1,
  quick: 2,
  monthly: 2,
  quarterly: 3,
  annual: Number.POSITIVE_INFINITY,
};

/** A plan's key limit in words: '2' or 'unlimited'. */
function keyLimitText(plan: SubscriptionPlan): string {
  const limit = EXCHANGE_KEY_LIMITS[plan];
  return Number.isFinite(limit) ? String(limit) : 'unlimited';
}

/**
 * The feature list of the premium lock, the payment page and the shop. Script case comes with
 * quarterly and annual, case winrate with annual; SPEC.md names no plan for the others, so
 * every paid plan has them.
 */
export const PREMIUM_FEATURES: readonly PremiumFeature[] = [
  {
    id: 'infiniteBoards',
    label: 'Infinite boards',
    description: 'As many bingo boards as you like, each with its own name.',
    plans: ALL_PLANS,
  },
  {
    id: 'analytics',
    label: 'Analytics',
    description:
      'What works for you: edge per bingo cell and score tier, equity curve, R distribution, P/L calendar, results by weekday, hour, pair and side, and CSV export.',
    plans: ALL_PLANS,
  },
  {
    id: 'chatbox',
    label: 'Chatbox',
    description:
      'Premium chat rooms, General and one per coin, where traders talk trades and share trade plans as cards.',
    plans: ALL_PLANS,
  },
  {
    id: 'liveTradingApis',
    label: 'Live trading API count',
    description:
      `More exchange connections for live trading: ${keyLimitText('free')} free, ` +
      `${keyLimitText('monthly')} monthly, ${keyLimitText('quarterly')} quarterly, ` +
      `${keyLimitText('annual')} annual.`,
    plans: ALL_PLANS,
  },
  {
    id: 'boardExport',
    label: 'Board export',
    description: 'Download your bingo boards as an Excel workbook.',
    plans: ALL_PLANS,
  },
  {
    id: 'scriptCase',
    label: 'Script case',
    description:
      'Script cells the app ticks itself from market data when you plan a trade: daily trend, funding, BTC, volume, extension.',
    plans: ['quarterly', 'annual'],
  },
  {
    id: 'caseWinrate',
    label: 'Case winrate',
    description:
      "Each bingo cell's win rate from your trades, and the script cells' win rate across all traders.",
    plans: ['annual'],
  },
  {
    id: 'monthlyStrategyUpdate',
    label: 'Monthly strategy update',
    description:
      'A trading strategy and its 25-cell board every month, loaded onto your boards in one click, with an archive.',
    plans: ALL_PLANS,
  },
];

/**
 * Who is asking: premium or not, and the plan of the subscription if there is one. Premium
 * granted by an admin (the paid flag) has no plan: it counts as annual, whatever the
 * subscription, so a granted user never gets less than everything.
 */
export interface PlanAccess {
  isPremium: boolean;
  plan: SubscriptionPlan | null;
}

/**
 * The plan whose features apply: none for a free user, the subscription's plan for a
 * subscriber (`free` during the free 3-day plan), and 'annual' (everything) for premium
 * granted by an admin without a plan.
 */
export function effectivePlan(access: PlanAccess): SubscriptionPlan | null {
  if (!access.isPremium) return null;
  return access.plan ?? 'annual';
}

/** Whether a feature is available to this user. */
export function hasFeature(access: PlanAccess, feature: PremiumFeatureId): boolean {
  const plan = effectivePlan(access);
  const entry = PREMIUM_FEATURES.find((f) => f.id === feature);
  return plan !== null && entry !== undefined && entry.plans.includes(plan);
}

/**
 * How many exchange API keys this user may store. The quick plan (unnamed in SPEC.md) counts
 * like monthly. Infinity means no limit.
 */
export function exchangeKeyLimit(access: PlanAccess): number {
  return EXCHANGE_KEY_LIMITS[effectivePlan(access) ?? 'free'];
}

/** Whether one more exchange key may be added when the user has `currentCount`. */
export function canAddExchangeKey(access: PlanAccess, currentCount: number): boolean {
  return currentCount < exchangeKeyLimit(access);
}

/** The live-trading API line of a plan card: 'Live trading APIs: 2' or '... : unlimited'. */
export function liveTradingApiLabel(plan: SubscriptionPlan | null): string {
  return `Live trading APIs: ${keyLimitText(plan ?? 'free')}`;
}
