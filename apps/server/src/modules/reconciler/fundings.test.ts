import type { ExchangeFill } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { fundingReadFrom, nextFundingFrom, spanOfFills } from './fundings.js';

const HOUR = 3_600_000;
let tid = 1;
const fill = (side: 'B' | 'A', startPosition: number, time: number): ExchangeFill => ({
  tid: tid++,
  oid: '1',
  cloid: null,
  coin: 'BTC',
  side,
  px: 65_000,
  sz: 0.01,
  fee: 0.3,
  closedPnl: 0,
  dir: '',
  startPosition,
  time,
});

describe('fundingReadFrom', () => {
  const cursor = { fillsFrom: 10 * HOUR, fundingFrom: 4 * HOUR };

  it('reads nothing while new fills only open or add to positions', () => {
    expect(fundingReadFrom(cursor, [fill('B', 0, 11 * HOUR), fill('B', 0.01, 12 * HOUR)])).toBe(
      null,
    );
    expect(fundingReadFrom(cursor, [fill('A', 0, 11 * HOUR), fill('A', -0.01, 12 * HOUR)])).toBe(
      null,
    );
  });

  it('reads from the funding cursor once a new fill closes a long or a short', () => {
    expect(fundingReadFrom(cursor, [fill('A', 0.01, 11 * HOUR)])).toBe(4 * HOUR);
    expect(fundingReadFrom(cursor, [fill('B', -0.01, 11 * HOUR)])).toBe(4 * HOUR);
  });

  it('does not read again for a close read before (at or before the fills cursor)', () => {
    expect(fundingReadFrom(cursor, [fill('A', 0.01, 10 * HOUR)])).toBe(null);
  });

  it('without a funding cursor, reads from the oldest fill of the pass', () => {
    const fills = [fill('B', 0, 2 * HOUR), fill('A', 0.01, 3 * HOUR)];
    expect(fundingReadFrom({ fillsFrom: 10 * HOUR, fundingFrom: null }, fills)).toBe(2 * HOUR);
  });
});

describe('nextFundingFrom', () => {
  it('reads the last two hours again next time, never earlier than it read from', () => {
    expect(nextFundingFrom(1 * HOUR, 10 * HOUR)).toBe(8 * HOUR);
    expect(nextFundingFrom(9 * HOUR, 10 * HOUR)).toBe(9 * HOUR);
  });
});

describe('spanOfFills', () => {
  it('runs from the first entry to the last exit', () => {
    const span = spanOfFills(
      [fill('B', 0, 2 * HOUR), fill('B', 0.01, 3 * HOUR)],
      [fill('A', 0.02, 7 * HOUR), fill('A', 0.01, 6 * HOUR)],
      0,
      0.02,
    );
    expect(span).toEqual({ coin: 'BTC', fromMs: 2 * HOUR, toMs: 7 * HOUR, size: 0.02 });
  });

  it('starts at the trade’s open without entry fills, and is null without exits', () => {
    expect(spanOfFills([], [fill('A', 0.01, 7 * HOUR)], HOUR, 0.01)?.fromMs).toBe(HOUR);
    expect(spanOfFills([fill('B', 0, HOUR)], [], 0, 0.01)).toBe(null);
  });
});
