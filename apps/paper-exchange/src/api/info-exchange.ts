import { PERP_ASSETS } from '../market/assets.js';
import { formatRate, fundingAt, nextHour } from '../market/funding-rate.js';
import type { Json } from '../util/read.js';
import type { ExchangeDeps } from './context.js';

/**
 * Exchange-wide /info answers clients ask for at start-up (ccxt's loadMarkets, the Python
 * SDK's Info()): the spot market, the perp dexes, the exchange's status, the predicted
 * fundings and the perps at their open-interest cap. The paper exchange trades perps on the
 * default dex only, so spot has no pairs and one token, USDC (token 0, the collateral `meta`
 * names), as Hyperliquid lists it.
 */

/** USDC as Hyperliquid's testnet lists it in `spotMeta.tokens` (the paper exchange is testnet-like). */
const USDC_TOKEN = {
  name: 'USDC',
  szDecimals: 8,
  weiDecimals: 8,
  index: 0,
  tokenId: '0xeb62eee3685fc4c43992febcd9e75443',
  isCanonical: true,
  evmContract: null,
  fullName: null,
  deployerTradingFeeShare: '0.0',
};

function spotMeta() {
  return { universe: [], tokens: [USDC_TOKEN] };
}

/** The rate each perp pays at the next whole hour (the paper exchange is its only venue). */
function predictedFundings(deps: ExchangeDeps, nowMs: number) {
  const next = nextHour(nowMs);
  return PERP_ASSETS.map((asset) => [
    asset.name,
    [
      [
        'HlPerp',
        {
          fundingRate: formatRate(fundingAt(deps.seed, asset, next, deps.pins).fundingRate),
          nextFundingTime: next,
          fundingIntervalHours: 1,
        },
      ],
    ],
  ]);
}

/**
 * Answers an exchange-wide /info request, or returns undefined when `type` is not one of
 * them.
 */
export function exchangeInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): { value: unknown } | undefined {
  switch (body.type) {
    case 'spotMeta':
      return { value: spotMeta() };
    case 'spotMetaAndAssetCtxs':
      return { value: [spotMeta(), []] };
    case 'perpDexs':
      // The default dex is `null`; builder-deployed dexes would follow it.
      return { value: [null] };
    case 'exchangeStatus':
      return { value: { time: nowMs, specialStatuses: null } };
    case 'predictedFundings':
      return { value: predictedFundings(deps, nowMs) };
    case 'perpsAtOpenInterestCap':
      // Open interest is synthetic and never capped.
      return { value: [] };
    default:
      return undefined;
  }
}
