import { describe, expect, it } from 'vitest';
import { bracketParameters, oidOfStatus } from './bracket.js';
import type { BracketRequest } from './types.js';

const eth = { coin: 'ETH', assetId: 1, szDecimals: 4, maxLeverage: 25 };
const cloids = {
  entry: `0x${'1'.repeat(32)}`,
  takeProfit: `0x${'2'.repeat(32)}`,
  stopLoss: `0x${'3'.repeat(32)}`,
} as const;
const short: BracketRequest = {
  symbol: 'ETHUSDT',
  isLong: false,
  sizeUsd: 1000,
  entryPrice: 3000,
  takeProfit: 2800.123456,
  stopLoss: 3100,
  entryType: 'limit',
  cloids,
};

describe('bracketParameters', () => {
  it('a short limit bracket: Gtc entry, reduce-only buy TP and SL market triggers, normalTpsl', () => {
    // 1000 / 3000 = 0.333333 ETH, cut to 4 decimals; 2800.123456 to 5 significant figures.
    expect(bracketParameters(short, eth, null)).toEqual({
      orders: [
        {
          a: 1,
          b: false,
          p: '3000',
          s: '0.3333',
          r: false,
          t: { limit: { tif: 'Gtc' } },
          c: cloids.entry,
        },
        {
          a: 1,
          b: true,
          p: '2800.1',
          s: '0.3333',
          r: true,
          t: { trigger: { isMarket: true, triggerPx: '2800.1', tpsl: 'tp' } },
          c: cloids.takeProfit,
        },
        {
          a: 1,
          b: true,
          p: '3100',
          s: '0.3333',
          r: true,
          t: { trigger: { isMarket: true, triggerPx: '3100', tpsl: 'sl' } },
          c: cloids.stopLoss,
        },
      ],
      grouping: 'normalTpsl',
    });
  });

  it('a market entry is Ioc 5% through the reference; it needs one', () => {
    const params = bracketParameters({ ...short, entryType: 'market' }, eth, 3010);
    // 3010 x 0.95 = 2859.5, sized from the planned entry: 1000 / 3000.
    expect(params.orders[0]).toMatchObject({
      p: '2859.5',
      s: '0.3333',
      t: { limit: { tif: 'Ioc' } },
    });
    expect(() => bracketParameters({ ...short, entryType: 'market' }, eth, null)).toThrow(
      'Could not fetch price for ETHUSDT',
    );
  });
});

describe('oidOfStatus', () => {
  it('reads the oid of an orderStatus answer; null for an unknown one', () => {
    expect(oidOfStatus({ status: 'order', order: { order: { oid: 42 }, status: 'open' } })).toBe(
      42,
    );
    expect(oidOfStatus({ status: 'unknownOid' })).toBeNull();
  });
});
