import { describe, expect, it } from 'vitest';
import { bracketCosts } from './fees.js';

describe('bracketCosts', () => {
  it('a $1,000 limit long at 100 with its stop at 90: 10 units, $100 move plus fees and slippage', () => {
    const costs = bracketCosts({ entry: 100, stop: 90, sizeUsd: 1000, type: 'limit' });
    expect(costs.quantity).toBe(10);
    // By hand: entry maker 1000 × 0.015 % = $0.15; stop taker 900 × 0.045 % = $0.405;
    // slippage 900 × 0.1 % = $0.90; risk 100 + 0.15 + 0.405 + 0.90 = $101.455.
    expect(costs.entryFeeUsd).toBeCloseTo(0.15, 12);
    expect(costs.stopFeeUsd).toBeCloseTo(0.405, 12);
    expect(costs.stopSlippageUsd).toBeCloseTo(0.9, 12);
    expect(costs.riskAtStopUsd).toBeCloseTo(101.455, 12);
  });

  it('a market entry pays the taker rate; a short risks the move up to its stop', () => {
    const costs = bracketCosts({ entry: 100, stop: 110, sizeUsd: 1000, type: 'market' });
    // Entry taker $0.45; stop 1,100 × 0.045 % = $0.495; slippage $1.10; move $100.
    expect(costs.entryFeeUsd).toBeCloseTo(0.45, 12);
    expect(costs.riskAtStopUsd).toBeCloseTo(100 + 0.45 + 0.495 + 1.1, 12);
  });
});
