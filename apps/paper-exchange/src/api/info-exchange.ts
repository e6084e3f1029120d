import type { Json } from '../util/read.js';

/**
 * Exchange-wide /info answers clients ask for at start-up (ccxt's loadMarkets, the Python
 * SDK's Info()): the spot market, the perp dexes and the exchange's status. The paper exchange
 * trades perps on the default dex only, so spot has no pairs and one token, USDC (token 0, the
 * collateral `meta` names), as Hyperliquid lists it.
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

/**
 * Answers an exchange-wide /info request, or returns undefined when `type` is not one of
 * them.
 */
export function exchangeInfo(body: Json, nowMs: number): { value: unknown } | undefined {
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
    default:
      return undefined;
  }
}
