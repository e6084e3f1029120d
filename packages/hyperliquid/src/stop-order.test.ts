import { describe, expect, it } from 'vitest';
import { stopParameters } from './stop-order.js';

const btc = { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40 };
const cloid = `0x${'4'.repeat(32)}` as const;

describe('stopParameters', () => {
  it("a long's stop: one reduce-only sell stop market trigger, grouping na", () => {
    expect(
      stopParameters(
        { symbol: 'BTCUSDT', isLong: true, size: 0.0050505, triggerPx: 99_000.456, cloid },
        btc,
      ),
    ).toEqual({
      orders: [
        {
          a: 0,
          b: false,
          p: '99000',
          s: '0.00505',
          r: true,
          t: { trigger: { isMarket: true, triggerPx: '99000', tpsl: 'sl' } },
          c: cloid,
        },
      ],
      grouping: 'na',
    });
  });

  it("a short's stop buys", () => {
    const params = stopParameters(
      { symbol: 'BTC', isLong: false, size: 0.01, triggerPx: 101_000, cloid },
      btc,
    );
    expect(params.orders[0]).toMatchObject({ b: true, r: true, s: '0.01', p: '101000' });
  });
});
