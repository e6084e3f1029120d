import { describe, expect, it } from 'vitest';
import { fundingOver, type FundingPayment } from './funding.js';

const HOUR = 3_600_000;
const pay = (coin: string, hour: number, usdc: number, szi: number): FundingPayment => ({
  coin,
  time: hour * HOUR,
  usdc,
  szi,
  fundingRate: 0.0000125,
});

describe('fundingOver', () => {
  const payments = [
    pay('BTC', 1, -0.8, 0.01),
    pay('ETH', 1, -0.4, 1),
    pay('BTC', 2, -0.81, 0.01),
    pay('BTC', 3, 0.2, 0.01),
    pay('BTC', 4, -0.9, 0.01),
  ];

  it('sums the payments on the coin within the span, both ends included', () => {
    const span = { coin: 'BTC', fromMs: 1 * HOUR, toMs: 3 * HOUR, size: 0.01 };
    expect(fundingOver(payments, span)).toBe(-1.41);
  });

  it('takes nothing outside the span or on another coin', () => {
    expect(fundingOver(payments, { coin: 'SOL', fromMs: 0, toMs: 9 * HOUR, size: 1 })).toBe(0);
    const before = { coin: 'BTC', fromMs: 0, toMs: HOUR - 1, size: 0.01 };
    expect(fundingOver(payments, before)).toBe(0);
  });

  it("takes a trade's share when the position charged held more than the trade", () => {
    const half = { coin: 'ETH', fromMs: HOUR, toMs: HOUR, size: 0.5 };
    expect(fundingOver(payments, half)).toBe(-0.2);
    // Never more than the whole payment.
    expect(fundingOver(payments, { ...half, size: 3 })).toBe(-0.4);
  });
});
