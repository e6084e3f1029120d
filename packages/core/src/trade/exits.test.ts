import { describe, expect, it } from 'vitest';
import {
  openQuantity,
  planExit,
  statusOfResult,
  weightedExitPrice,
  type ExitableTrade,
} from './exits.js';

/** A $1,000 long of 10 units at 100, stop 90, target 120: 1R = $100. */
const long: ExitableTrade = {
  isLong: true,
  entryPrice: 100,
  stopLoss: 90,
  takeProfit: 120,
  quantity: 10,
  status: 'OPEN',
  exits: [],
};
const short: ExitableTrade = { ...long, isLong: false, stopLoss: 110, takeProfit: 80 };
const AT = '2026-11-29T10:00:00.000Z';

const plan = (trade: ExitableTrade, price: number, quantity?: number) => {
  const result = planExit(trade, { price, ...(quantity !== undefined && { quantity }) }, AT);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('planExit', () => {
  it('closes all at a typed price between the levels: R and USD from that price', () => {
    const { closing, remaining, exits } = plan(long, 104.5);
    expect(remaining).toBe(0);
    expect(exits).toEqual([{ price: 104.5, quantity: 10, at: AT }]);
    expect(closing).toMatchObject({ status: 'TARGET_HIT', exitPrice: 104.5, profitLoss: 4.5 });
    expect(closing!.rMultiple).toBeCloseTo(0.45, 12);
    expect(closing!.pnlUsd).toBeCloseTo(45, 12);
  });

  it('a loss short of the stop is a loss of its own size, not -1R', () => {
    const { closing } = plan(long, 96);
    expect(closing).toMatchObject({ status: 'STOPLOSS_HIT', exitPrice: 96 });
    expect(closing!.rMultiple).toBeCloseTo(-0.4, 12);
    expect(closing!.pnlUsd).toBeCloseTo(-40, 12);
  });

  it('a short gains as the price falls', () => {
    const { closing } = plan(short, 95);
    expect(closing!.rMultiple).toBeCloseTo(0.5, 12);
    expect(closing!.pnlUsd).toBeCloseTo(50, 12);
  });

  it('at the entry it is break-even: 0R, $0, not a loss', () => {
    const { closing } = plan(long, 100);
    expect(closing).toMatchObject({ status: 'TARGET_HIT', rMultiple: 0, pnlUsd: 0 });
  });

  it('a partial exit then a final one: R and USD from the weighted exit (by hand: 4 at 110, 6 at 95)', () => {
    const first = plan(long, 110, 4);
    expect(first.closing).toBeNull();
    expect(first.remaining).toBeCloseTo(6, 12);
    // This part alone: 4 units × $10 = $40, 0.4 of the position at +1R = +0.4R.
    expect(first.part.pnlUsd).toBeCloseTo(40, 12);
    expect(first.part.rMultiple).toBeCloseTo(0.4, 12);

    const second = plan({ ...long, exits: first.exits }, 95);
    // Weighted exit (4 × 110 + 6 × 95) / 10 = 101: +$10, +0.1R.
    expect(second.remaining).toBe(0);
    expect(second.exits.map((e) => e.quantity)).toEqual([4, 6]);
    expect(second.closing!.exitPrice).toBeCloseTo(101, 12);
    expect(second.closing!.pnlUsd).toBeCloseTo(10, 12);
    expect(second.closing!.rMultiple).toBeCloseTo(0.1, 12);
    expect(second.closing!.status).toBe('TARGET_HIT');
  });

  it('three parts of a third each leave nothing open despite float noise', () => {
    let trade = long;
    for (const price of [105, 110]) {
      trade = { ...trade, exits: plan(trade, price, 10 / 3).exits };
    }
    const last = plan(trade, 115, 10 / 3);
    expect(last.remaining).toBe(0);
    expect(last.closing!.exitPrice).toBeCloseTo(110, 9);
  });

  it('refuses a size above what is open, a size or price that is not above 0, and a closed trade', () => {
    const after = { ...long, exits: plan(long, 110, 4).exits };
    const tooMuch = planExit(after, { price: 110, quantity: 7 }, AT);
    expect(tooMuch).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      field: 'quantity',
      message: 'Exit size is more than is open: 6 left',
    });
    for (const request of [
      { price: 0 },
      { price: -1 },
      { price: Number.NaN },
      { price: 100, quantity: 0 },
      { price: 100, quantity: -1 },
    ]) {
      expect(planExit(long, request, AT).ok).toBe(false);
    }
    const closed = planExit({ ...long, status: 'TARGET_HIT' }, { price: 100 }, AT);
    expect(closed).toMatchObject({ ok: false, code: 'CONFLICT' });
  });
});

describe('helpers', () => {
  it('openQuantity subtracts the exits; weightedExitPrice weighs by size', () => {
    const exits = [
      { price: 110, quantity: 4, at: AT },
      { price: 95, quantity: 2, at: AT },
    ];
    expect(openQuantity({ quantity: 10, exits })).toBe(4);
    expect(weightedExitPrice(exits)).toBeCloseTo((440 + 190) / 6, 12);
  });

  it('one exit at a price closes at exactly that price, whatever the size', () => {
    for (const quantity of [1000 / 3000, 1000 / 61_000, 0.1, 7]) {
      expect(weightedExitPrice([{ price: 3200, quantity }])).toBe(3200);
      expect(plan({ ...long, quantity }, 104.5).closing!.exitPrice).toBe(104.5);
    }
  });

  it('statusOfResult: a loss is STOPLOSS_HIT; a gain or nothing is TARGET_HIT', () => {
    expect(statusOfResult(-0.01)).toBe('STOPLOSS_HIT');
    expect(statusOfResult(0)).toBe('TARGET_HIT');
    expect(statusOfResult(5)).toBe('TARGET_HIT');
  });
});
