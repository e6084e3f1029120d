import { describe, expect, it } from 'vitest';
import { MemoryWeightState, WeightBudget } from './budget.js';

/** 2025-01-06T00:00:00Z: a whole second, so slots start where the test says. */
const T0 = 1_736_121_600_000;

describe('the rolling-minute weight budget', () => {
  it('lets 1,200 weight through in a minute, refuses the charge that does not fit, charges nothing for it', async () => {
    const budget = new WeightBudget();
    for (let k = 0; k < 60; k += 1) {
      expect(await budget.charge('1.1.1.1', 20, T0 + k * 100)).toEqual({
        allowed: true,
        spent: 20 * (k + 1),
      });
    }
    expect(await budget.charge('1.1.1.1', 20, T0 + 6_000)).toEqual({
      allowed: false,
      spent: 1_200,
    });
    expect(await budget.charge('1.1.1.1', 2, T0 + 6_000)).toEqual({
      allowed: false,
      spent: 1_200,
    });
    expect(await budget.spent('1.1.1.1', T0 + 6_000)).toBe(1_200);
  });

  it('keeps keys apart', async () => {
    const budget = new WeightBudget({ perMinute: 100 });
    expect((await budget.charge('a', 100, T0)).allowed).toBe(true);
    expect((await budget.charge('a', 1, T0)).allowed).toBe(false);
    expect((await budget.charge('b', 100, T0)).allowed).toBe(true);
  });

  it('lets a charge that exactly fills the budget through, and one more unit not', async () => {
    const budget = new WeightBudget({ perMinute: 100 });
    expect((await budget.charge('a', 98, T0)).allowed).toBe(true);
    expect((await budget.charge('a', 3, T0)).allowed).toBe(false);
    expect((await budget.charge('a', 2, T0)).allowed).toBe(true);
    expect((await budget.charge('a', 1, T0)).allowed).toBe(false);
  });

  it('frees weight a minute after it was spent', async () => {
    const budget = new WeightBudget({ perMinute: 100 });
    await budget.charge('a', 60, T0 + 500);
    await budget.charge('a', 40, T0 + 30_000);
    expect((await budget.charge('a', 1, T0 + 60_499)).allowed).toBe(false);
    expect(await budget.spent('a', T0 + 60_500)).toBe(40);
    expect((await budget.charge('a', 60, T0 + 60_500)).allowed).toBe(true);
    expect((await budget.charge('a', 1, T0 + 60_500)).allowed).toBe(false);
    expect(await budget.spent('a', T0 + 90_000)).toBe(60);
    expect(await budget.spent('a', T0 + 120_500)).toBe(0);
  });

  it('frees the charges of one second together, with the last of them (late, never early)', async () => {
    const budget = new WeightBudget({ perMinute: 100 });
    await budget.charge('a', 50, T0 + 100);
    await budget.charge('a', 50, T0 + 900);
    expect(await budget.spent('a', T0 + 60_100)).toBe(100);
    expect(await budget.spent('a', T0 + 60_899)).toBe(100);
    expect(await budget.spent('a', T0 + 60_900)).toBe(0);
  });

  it('adds weight after the answer whatever is left, and the next charge waits for it', async () => {
    const budget = new WeightBudget({ perMinute: 100 });
    expect((await budget.charge('a', 90, T0)).allowed).toBe(true);
    expect(await budget.add('a', 33, T0)).toBe(123);
    expect(await budget.add('a', 0, T0)).toBe(123);
    expect((await budget.charge('a', 2, T0 + 59_000)).allowed).toBe(false);
    expect((await budget.charge('a', 2, T0 + 61_000)).allowed).toBe(true);
  });

  it('counts in the state it is given: two budgets on one state are one budget', async () => {
    const state = new MemoryWeightState();
    const one = new WeightBudget({ perMinute: 100, state });
    const other = new WeightBudget({ perMinute: 100, state });
    expect((await one.charge('a', 70, T0)).allowed).toBe(true);
    expect((await other.charge('a', 40, T0)).allowed).toBe(false);
    expect((await other.charge('a', 30, T0)).allowed).toBe(true);
    const apart = new WeightBudget({ perMinute: 100, state, name: 'other' });
    expect((await apart.charge('a', 100, T0)).allowed).toBe(true);
  });

  it('counts weight spent at a time ahead of the clock (requests that read it out of order)', async () => {
    const budget = new WeightBudget({ perMinute: 100 });
    await budget.charge('a', 100, T0 + 5_000);
    expect((await budget.charge('a', 1, T0)).allowed).toBe(false);
  });

  it('keeps at most so many keys in memory, dropping the oldest', async () => {
    const state = new MemoryWeightState(2);
    const budget = new WeightBudget({ perMinute: 10, state });
    await budget.charge('a', 10, T0);
    await budget.charge('b', 10, T0);
    await budget.charge('c', 10, T0);
    expect(await budget.spent('a', T0)).toBe(0);
    expect(await budget.spent('c', T0)).toBe(10);
  });
});
