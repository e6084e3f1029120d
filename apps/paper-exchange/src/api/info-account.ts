import { accountSummary } from '../engine/margin.js';
import { MAKER_FEE_RATE, TAKER_FEE_RATE } from '../engine/matching.js';
import { MAX_FUNDINGS_PER_QUERY, MAX_ITEMS_PER_QUERY } from '../limits.js';
import { marksAt } from '../market/marks.js';
import type { Account, FillRecord } from '../state.js';
import { formatDecimal, formatUsd } from '../util/decimal.js';
import { readAddress, readOptionalUint } from '../util/read.js';
import type { Json } from '../util/read.js';
import { accountNow } from './accounts.js';
import type { ExchangeDeps } from './context.js';

/**
 * Per-user /info answers about the account rather than its trading: fees, the non-funding
 * ledger, the abstraction mode, the portfolio, referrals and the address's request budget.
 * Volumes are summed over the fills the exchange keeps (the newest MAX_ITEMS_PER_QUERY). The
 * paper exchange has one fee tier, no referral program, no unified account and no per-address
 * request cap; the answers say so in Hyperliquid's shapes.
 */

const DAY_MS = 86_400_000;
const ZERO_HASH = `0x${'0'.repeat(64)}` as const;
/** Days listed in userFees' `dailyUserVlm`, today included (as Hyperliquid lists them). */
const FEE_DAYS = 15;
/** Hyperliquid's per-address request budget: 10,000 plus one request per USDC traded. */
const INITIAL_REQUEST_CAP = 10_000;
/** Perp fees (the paper exchange's only market) and Hyperliquid's base spot fees. */
const SPOT_TAKER_RATE = 0.0007;
const SPOT_MAKER_RATE = 0.0004;

function rate(value: number): string {
  return formatDecimal(value, 8);
}

function notional(fill: FillRecord): number {
  return Number(fill.px) * Number(fill.sz);
}

function volume(fills: FillRecord[]): number {
  return fills.reduce((sum, fill) => sum + notional(fill), 0);
}

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function userFees(fills: FillRecord[], nowMs: number) {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const dailyUserVlm = [];
  for (let k = FEE_DAYS - 1; k >= 0; k -= 1) {
    const start = today - k * DAY_MS;
    const day = fills.filter((fill) => fill.time >= start && fill.time < start + DAY_MS);
    const taker = volume(day.filter((fill) => fill.crossed));
    const maker = volume(day.filter((fill) => !fill.crossed));
    dailyUserVlm.push({
      date: utcDate(start),
      userCross: formatUsd(taker),
      userAdd: formatUsd(maker),
      // The paper exchange's own volume is its users' trades; this account's is what it knows.
      exchange: formatUsd(taker + maker),
    });
  }
  return {
    dailyUserVlm,
    feeSchedule: {
      cross: rate(TAKER_FEE_RATE),
      add: rate(MAKER_FEE_RATE),
      spotCross: rate(SPOT_TAKER_RATE),
      spotAdd: rate(SPOT_MAKER_RATE),
      tiers: { vip: [], mm: [] },
      referralDiscount: '0',
      stakingDiscountTiers: [],
    },
    userCrossRate: rate(TAKER_FEE_RATE),
    userAddRate: rate(MAKER_FEE_RATE),
    userSpotCrossRate: rate(SPOT_TAKER_RATE),
    userSpotAddRate: rate(SPOT_MAKER_RATE),
    activeReferralDiscount: '0',
    trial: null,
    feeTrialEscrow: '0',
    nextTrialAvailableTimestamp: null,
    stakingLink: null,
    activeStakingDiscount: { bpsOfMaxSupply: '0', discount: '0' },
  };
}

function ledgerUpdates(account: Account | undefined, body: Json, nowMs: number) {
  const startTime = readOptionalUint(body.startTime, 'startTime') ?? 0;
  const endTime = readOptionalUint(body.endTime, 'endTime') ?? nowMs;
  return (account?.deposits ?? [])
    .filter((deposit) => deposit.time >= startTime && deposit.time <= endTime)
    .slice(0, MAX_FUNDINGS_PER_QUERY)
    .map((deposit) => ({
      time: deposit.time,
      hash: ZERO_HASH,
      delta: { type: 'deposit' as const, usdc: formatUsd(deposit.usdc) },
    }));
}

const PORTFOLIO_PERIODS = [
  ['day', DAY_MS],
  ['week', 7 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['allTime', Infinity],
] as const;

/**
 * Each period as one point now: the account's value and its profit since it was funded
 * (value − deposits); `vlm` is the period's traded notional. Every paper trade is a perp
 * trade, so the `perp…` periods repeat the others.
 */
function portfolio(
  deps: ExchangeDeps,
  account: Account | undefined,
  fills: FillRecord[],
  nowMs: number,
) {
  const entries = PORTFOLIO_PERIODS.map(([period, lengthMs]) => {
    const inPeriod = fills.filter((fill) => fill.time > nowMs - lengthMs);
    if (!account) {
      return [period, { accountValueHistory: [], pnlHistory: [], vlm: '0' }] as const;
    }
    const { accountValue } = accountSummary(account, marksAt(deps.seed, nowMs, deps.pins));
    const deposited = (account.deposits ?? []).reduce((sum, d) => sum + d.usdc, 0);
    return [
      period,
      {
        accountValueHistory: [[nowMs, formatUsd(accountValue)]],
        pnlHistory: [[nowMs, formatUsd(accountValue - deposited)]],
        vlm: formatUsd(volume(inPeriod)),
      },
    ] as const;
  });
  const perp = entries.map(
    ([period, data]) => [`perp${period[0]!.toUpperCase()}${period.slice(1)}`, data] as const,
  );
  return [...entries, ...perp];
}

function referral(cumVlm: number) {
  return {
    referredBy: null,
    cumVlm: formatUsd(cumVlm),
    unclaimedRewards: '0',
    claimedRewards: '0',
    builderRewards: '0',
    referrerState: { stage: 'needToCreateCode' as const },
    rewardHistory: [],
    tokenToState: [],
  };
}

/** Hyperliquid's per-address budget, reported; the paper exchange does not count requests. */
function userRateLimit(cumVlm: number) {
  return {
    cumVlm: formatUsd(cumVlm),
    nRequestsUsed: 0,
    nRequestsCap: INITIAL_REQUEST_CAP + Math.floor(cumVlm),
    nRequestsSurplus: 0,
  };
}

const ACCOUNT_TYPES = [
  'userFees',
  'userNonFundingLedgerUpdates',
  'userAbstraction',
  'portfolio',
  'referral',
  'userRateLimit',
];

/**
 * Answers a per-account /info request, or returns undefined when `type` is not one of them.
 * Throws BadRequestError for a malformed body.
 */
export async function accountInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): Promise<{ value: unknown } | undefined> {
  if (typeof body.type !== 'string' || !ACCOUNT_TYPES.includes(body.type)) return undefined;
  const user = readAddress(body.user, 'user');
  // Neither a unified nor a portfolio-margin account: the standard one.
  if (body.type === 'userAbstraction') return { value: 'default' };
  const account = await accountNow(deps, user, nowMs);
  if (body.type === 'userNonFundingLedgerUpdates') {
    return { value: ledgerUpdates(account, body, nowMs) };
  }
  const fills = account ? await deps.store.read.fills(user, { limit: MAX_ITEMS_PER_QUERY }) : [];
  switch (body.type) {
    case 'userFees':
      return { value: userFees(fills, nowMs) };
    case 'portfolio':
      return { value: portfolio(deps, account, fills, nowMs) };
    case 'referral':
      return { value: referral(volume(fills)) };
    default:
      return { value: userRateLimit(volume(fills)) };
  }
}
