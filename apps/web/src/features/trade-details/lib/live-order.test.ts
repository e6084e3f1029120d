import { describe, expect, it } from 'vitest';
import {
  defaultLeverage,
  estimatedLiquidationPrice,
  liquidationBeforeStop,
  maintenanceMarginRate,
  marginUsd,
  readLeverage,
} from './live-order';

describe('live order maths', () => {
  it('maintenance margin rate is 1 / (2 × max leverage), 1% when unknown', () => {
    expect(maintenanceMarginRate(50)).toBe(0.01);
    expect(maintenanceMarginRate(40)).toBe(0.0125);
    expect(maintenanceMarginRate(null)).toBe(0.01);
    expect(maintenanceMarginRate(0)).toBe(0.01);
  });

  it('margin is size ÷ leverage', () => {
    expect(marginUsd(1000, 5)).toBe(200);
    expect(marginUsd(1000, 3)).toBeCloseTo(333.333, 3);
    expect(marginUsd(1000, 0)).toBeNull();
  });

  it('estimates a long liquidation below the entry and a short one above', () => {
    // 61,000 × (1 − 1/5 + 1/80) = 61,000 × 0.8125
    expect(
      estimatedLiquidationPrice({ isLong: true, entry: 61_000, leverage: 5, maxLeverage: 40 }),
    ).toBeCloseTo(49_562.5, 6);
    // 61,000 × (1 + 1/10 − 0.01)
    expect(
      estimatedLiquidationPrice({ isLong: false, entry: 61_000, leverage: 10, maxLeverage: null }),
    ).toBeCloseTo(66_490, 6);
    expect(
      estimatedLiquidationPrice({ isLong: true, entry: 100, leverage: 1, maxLeverage: 50 }),
    ).toBeCloseTo(1, 6);
  });

  it('gives no estimate without an entry or a usable leverage', () => {
    expect(
      estimatedLiquidationPrice({ isLong: true, entry: 0, leverage: 5, maxLeverage: 50 }),
    ).toBeNull();
    expect(
      estimatedLiquidationPrice({ isLong: true, entry: 100, leverage: 0.5, maxLeverage: 50 }),
    ).toBeNull();
  });

  it('tells when the liquidation would come before the stop', () => {
    expect(liquidationBeforeStop(true, 95, 90)).toBe(true);
    expect(liquidationBeforeStop(true, 80, 90)).toBe(false);
    expect(liquidationBeforeStop(false, 105, 110)).toBe(true);
    expect(liquidationBeforeStop(false, 120, 110)).toBe(false);
    expect(liquidationBeforeStop(true, null, 90)).toBe(false);
  });

  it('reads a whole leverage from 1 to the maximum', () => {
    expect(readLeverage('5', 50)).toBe(5);
    expect(readLeverage(' 50 ', 50)).toBe(50);
    expect(readLeverage('51', 50)).toBeNull();
    expect(readLeverage('0', 50)).toBeNull();
    expect(readLeverage('2.5', 50)).toBeNull();
    expect(readLeverage('', 50)).toBeNull();
    expect(defaultLeverage(50)).toBe(5);
    expect(defaultLeverage(3)).toBe(3);
  });
});
