import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { formatPrice, formatSize } from '@nktkas/hyperliquid/utils';
import type { Cloid } from './bracket.js';
import type { Asset } from './market-data.js';

/**
 * A stop for an open position (DESIGN.md section 9, "move the stop"): a reduce-only stop
 * market trigger on the other side of the position, with its own client order id.
 */
export interface StopRequest {
  symbol: string;
  /** The side of the position it protects: a long's stop sells. */
  isLong: boolean;
  /** Units to close (the position's filled size). */
  size: number;
  triggerPx: number;
  cloid: Cloid;
}

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
