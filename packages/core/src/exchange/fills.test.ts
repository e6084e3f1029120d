import { describe, expect, it } from 'vitest';
import { fillsVwap, type ExchangeFill } from './fills.js';

function fill(px: number, sz: number): ExchangeFill {
  return {
    tid: px * 1000 + sz,
    oid: '1',
    cloid: null,
    coin: 'ETH',
    side: 'B',
    px,
    sz,
    fee: 0,
    closedPnl: 0,
    dir: 'Open Long',
    startPosition: 0,
    time: 0,
  };
}

describe('fillsVwap', () => {
  it('is null without fills', () => {
    expect(fillsVwap([])).toBeNull();
  });

  it('is the one fill itself', () => {
    expect(fillsVwap([fill(3000, 0.5)])).toEqual({ price: 3000, size: 0.5 });
  });

  it('weights each price by its size', () => {
    // 1 at 3,000 and 3 at 3,100: (3,000 + 9,300) / 4 = 3,075.
    expect(fillsVwap([fill(3000, 1), fill(3100, 3)])).toEqual({ price: 3075, size: 4 });
  });

  it('is null when the fills hold no size', () => {
    expect(fillsVwap([fill(3000, 0)])).toBeNull();
  });
});
