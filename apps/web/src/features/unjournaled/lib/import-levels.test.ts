import { describe, expect, it } from 'vitest';
import type { UnjournaledTrip } from '../api';
import { importLevels, importLevelTexts, suggestedTarget } from './import-levels';

const trip = (over: Partial<UnjournaledTrip>): UnjournaledTrip => ({
  id: '1',
  pair: 'ETHUSDT',
  coin: 'ETH',
  isLong: true,
  entryPrice: 3000,
  exitPrice: 3150,
  size: 1,
  feesUsd: 1,
  pnlUsd: 149,
  openedAt: 0,
  closedAt: 1,
  tids: [1],
  ...over,
});

describe('suggestedTarget', () => {
  it('starts from the exit of a win, long or short', () => {
    expect(suggestedTarget(trip({}))).toBe('3150');
    expect(suggestedTarget(trip({ isLong: false, exitPrice: 2800 }))).toBe('2800');
  });

  it('leaves the target empty when the exit was a loss or the trip is open', () => {
    expect(suggestedTarget(trip({ exitPrice: 2900 }))).toBe('');
    expect(suggestedTarget(trip({ isLong: false, exitPrice: 3100 }))).toBe('');
    expect(suggestedTarget(trip({ exitPrice: null }))).toBe('');
  });
});

describe('importLevels', () => {
  it('requires the stop, then numbers, then the order of the side', () => {
    const long = trip({});
    expect(importLevels(long, ' ', '3150')).toEqual({
      ok: false,
      field: 'stop',
      message: importLevelTexts.stopRequired,
    });
    expect(importLevels(long, 'abc', '3150')).toMatchObject({ field: 'stop' });
    expect(importLevels(long, '2900', '')).toMatchObject({
      field: 'target',
      message: importLevelTexts.targetRequired,
    });
    expect(importLevels(long, '3000', '3150')).toMatchObject({ field: 'stop' });
    expect(importLevels(long, '2900', '3000')).toMatchObject({ field: 'target' });
    expect(importLevels(long, '2900', '3150')).toEqual({
      ok: true,
      stopLoss: 2900,
      takeProfit: 3150,
    });
  });

  it('reads a short the other way round', () => {
    const short = trip({ isLong: false });
    expect(importLevels(short, '2900', '2800')).toMatchObject({ field: 'stop' });
    expect(importLevels(short, '3100', '3050')).toMatchObject({ field: 'target' });
    expect(importLevels(short, '3100', '2800')).toEqual({
      ok: true,
      stopLoss: 3100,
      takeProfit: 2800,
    });
  });
});
