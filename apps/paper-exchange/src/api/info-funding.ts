import { MAX_FUNDINGS_PER_QUERY } from '../limits.js';
import { PERP_ASSETS, assetIdByName } from '../market/assets.js';
import { HOUR_MS, formatRate, fundingAt } from '../market/funding-rate.js';
import type { FundingRecord } from '../state.js';
import { formatDecimal, formatUsd } from '../util/decimal.js';
import { readAddress, readOptionalUint, readString, readUint } from '../util/read.js';
import type { Json } from '../util/read.js';
import { accountNow } from './accounts.js';
import type { ExchangeDeps } from './context.js';

/**
 * userFunding and fundingHistory, as Hyperliquid answers them: funding an account settled each
 * hour, and the hourly rates of a coin (market/funding-rate.ts). Both list whole hours from
 * `startTime` to `endTime` (default: now) inclusive, oldest first, at most 500.
 */

const ZERO_HASH = `0x${'0'.repeat(64)}` as const;

function userFundingEntry(record: FundingRecord) {
  const szDecimals = PERP_ASSETS[assetIdByName(record.coin)]?.szDecimals ?? 8;
  return {
    time: record.time,
    hash: ZERO_HASH,
    delta: {
      type: 'funding' as const,
      coin: record.coin,
      usdc: formatUsd(record.usdc),
      szi: formatDecimal(record.szi, szDecimals),
      fundingRate: formatRate(record.fundingRate),
      nSamples: null,
    },
  };
}

async function userFunding(deps: ExchangeDeps, body: Json, nowMs: number) {
  const user = readAddress(body.user, 'user');
  const startTime = readOptionalUint(body.startTime, 'startTime') ?? 0;
  const endTime = readOptionalUint(body.endTime, 'endTime') ?? nowMs;
  // Time passes on the account first: the hours up to now are settled and stored.
  if (!(await accountNow(deps, user, nowMs))) return [];
  const query = { startTime, endTime, limit: MAX_FUNDINGS_PER_QUERY };
  return (await deps.store.read.fundings(user, query)).map(userFundingEntry);
}

function fundingHistory(deps: ExchangeDeps, body: Json, nowMs: number) {
  const coin = readString(body.coin, 'coin');
  const startTime = readUint(body.startTime, 'startTime');
  const endTime = Math.min(readOptionalUint(body.endTime, 'endTime') ?? nowMs, nowMs);
  const asset = PERP_ASSETS[assetIdByName(coin)];
  if (!asset) return [];
  const rates = [];
  for (
    let hour = Math.ceil(startTime / HOUR_MS) * HOUR_MS;
    hour <= endTime && rates.length < MAX_FUNDINGS_PER_QUERY;
    hour += HOUR_MS
  ) {
    const { fundingRate, premium } = fundingAt(deps.seed, asset, hour, deps.pins);
    rates.push({
      coin: asset.name,
      fundingRate: formatRate(fundingRate),
      premium: formatRate(premium),
      time: hour,
    });
  }
  return rates;
}

/**
 * Answers a funding /info request, or returns undefined when `type` is not one of them.
 * Throws BadRequestError for a malformed body.
 */
export async function fundingInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): Promise<{ value: unknown } | undefined> {
  switch (body.type) {
    case 'userFunding':
      return { value: await userFunding(deps, body, nowMs) };
    case 'fundingHistory':
      return { value: fundingHistory(deps, body, nowMs) };
    default:
      return undefined;
  }
}
