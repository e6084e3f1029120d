import { describe, expect, it } from 'vitest';
import { PERP_ASSETS } from './assets.js';
import {
  HOUR_MS,
  INTEREST_RATE_PER_HOUR,
  MAX_RATE_PER_HOUR,
  formatRate,
  fundingAt,
  fundingRateAt,
  nextHour,
} from './funding-rate.js';
import { MarkPins } from './pins.js';

/** 2025-01-06T00:00:00Z. */
const T0 = 1_736_121_600_000;
const SEED = 5;

describe('hourly funding rates', () => {
  it('is the interest rate exactly when the mark is pinned', () => {
    const pins = new MarkPins();
    pins.pin('BTC', 100_000, T0 - 30 * 60_000);
    for (let k = 0; k < 5; k += 1) {
      expect(fundingAt(SEED, PERP_ASSETS[0]!, T0 + k * HOUR_MS, pins)).toEqual({
        fundingRate: 0.0000125,
        premium: 0,
      });
    }
    expect(fundingRateAt(SEED, 'BTC', T0, pins)).toBe(INTEREST_RATE_PER_HOUR);
    // Another coin is not pinned: its rate follows the path.
    expect(fundingRateAt(SEED, 'ETH', T0, pins)).toBe(fundingRateAt(SEED, 'ETH', T0));
  });

  it('follows the price path: deterministic, varying, within the cap', () => {
    for (const asset of PERP_ASSETS) {
      const rates = new Set<number>();
      for (let k = 0; k < 24 * 30; k += 1) {
        const hour = T0 + k * HOUR_MS;
        const { fundingRate, premium } = fundingAt(SEED, asset, hour);
        expect(fundingAt(SEED, asset, hour)).toEqual({ fundingRate, premium });
        expect(Math.abs(fundingRate)).toBeLessThanOrEqual(MAX_RATE_PER_HOUR);
        if (Math.abs(INTEREST_RATE_PER_HOUR + premium) < MAX_RATE_PER_HOUR) {
          expect(fundingRate).toBeCloseTo(INTEREST_RATE_PER_HOUR + premium, 12);
        }
        rates.add(fundingRate);
      }
      expect(rates.size).toBeGreaterThan(100);
    }
    expect(fundingAt(6, PERP_ASSETS[0]!, T0)).not.toEqual(fundingAt(SEED, PERP_ASSETS[0]!, T0));
    expect(fundingRateAt(SEED, 'NOPE', T0)).toBe(0);
  });

  it('writes rates without exponents, and finds the next whole hour', () => {
    expect(formatRate(0.0000125)).toBe('0.0000125');
    expect(formatRate(-0.00000783)).toBe('-0.00000783');
    expect(formatRate(0)).toBe('0');
    expect(nextHour(T0)).toBe(T0 + HOUR_MS);
    expect(nextHour(T0 + 1)).toBe(T0 + HOUR_MS);
    expect(nextHour(T0 - 1)).toBe(T0);
  });
});
