import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { formatPrice, formatSize } from '@nktkas/hyperliquid/utils';
import type { Asset, StopRequest } from './types.js';

/**
 * The SDK's parameters of a stop: one reduce-only trigger `{isMarket: true, triggerPx,
 * tpsl: 'sl'}`, grouping `na`, size cut to the asset's size decimals and prices to its
 * significant figures and decimals (as bracketParameters).
 */
export function stopParameters(stop: StopRequest, asset: Asset): OrderParameters {
  const px = formatPrice(stop.triggerPx, asset.szDecimals, 'perp');
  return {
    orders: [
      {
        a: asset.assetId,
        b: !stop.isLong,
        p: px,
        s: formatSize(stop.size, asset.szDecimals),
        r: true,
        t: { trigger: { isMarket: true, triggerPx: px, tpsl: 'sl' } },
        c: stop.cloid,
      },
    ],
    grouping: 'na',
  };
}
