import type { ExchangeAccount, OrderByCloid } from '@tb/hyperliquid';
import { describe, expect, it } from 'vitest';
import { fillsExpected, type LiveOnConnection } from './due-check.js';

const held: LiveOnConnection = {
  coin: 'BTC',
  isLong: true,
  execution: 'open',
  entryCloid: '0x01',
  entryFillSz: 0.005,
};
const resting: LiveOnConnection = { ...held, coin: 'ETH', execution: 'resting', entryFillSz: null };

/** An account with these positions and this entry order; counts the reads (2 weight each). */
function account(
  positions: { symbol: string; side: 'long' | 'short'; size: number }[],
  entry: OrderByCloid | null = { oid: 1, coin: 'ETH', status: 'open', size: 1, origSize: 1 },
) {
  const reads = { positions: 0, orders: 0 };
  const fake = {
    positions: async () => {
      reads.positions += 1;
      return positions;
    },
    orderByCloid: async () => {
      reads.orders += 1;
      return entry;
    },
  } as unknown as Pick<ExchangeAccount, 'positions' | 'orderByCloid'>;
  return { fake, reads };
}

describe('a due connection: whether its fills are worth reading', () => {
  it('the positions are the journal’s: nothing to read', async () => {
    const { fake, reads } = account([
      { symbol: 'BTC-USD', side: 'long', size: 0.005 },
      { symbol: 'SOL-USD', side: 'short', size: 3 }, // off-plan, another coin: not compared
    ]);
    expect(await fillsExpected(fake, [held])).toBe(false);
    expect(reads).toEqual({ positions: 1, orders: 0 });
  });

  it('a stop, target or liquidation filled: the held coin is flat or smaller', async () => {
    expect(await fillsExpected(account([]).fake, [held])).toBe(true);
    const part = account([{ symbol: 'BTC-USD', side: 'long', size: 0.002 }]).fake;
    expect(await fillsExpected(part, [held])).toBe(true);
    // Two trades on one coin add up; a short counts the other way.
    const two = account([{ symbol: 'BTC-USD', side: 'short', size: 0.001 }]).fake;
    const short = { ...held, isLong: false, entryFillSz: 0.006 };
    expect(await fillsExpected(two, [held, short])).toBe(false);
  });

  it('a resting entry: read when it filled, in part, or is gone; not while it rests whole', async () => {
    const rests = account([]);
    expect(await fillsExpected(rests.fake, [resting])).toBe(false);
    expect(rests.reads).toEqual({ positions: 0, orders: 1 });
    const filled = { oid: 1, coin: 'ETH', status: 'filled', size: 0, origSize: 1 };
    expect(await fillsExpected(account([], filled).fake, [resting])).toBe(true);
    const partly = { oid: 1, coin: 'ETH', status: 'open', size: 0.4, origSize: 1 };
    expect(await fillsExpected(account([], partly).fake, [resting])).toBe(true);
    expect(await fillsExpected(account([], null).fake, [resting])).toBe(true);
  });

  it('an entry whose fill was never read, or no live trade at all: read', async () => {
    const { fake, reads } = account([]);
    expect(await fillsExpected(fake, [{ ...held, entryFillSz: null }])).toBe(true);
    expect(await fillsExpected(fake, [])).toBe(true);
    expect(reads).toEqual({ positions: 0, orders: 0 });
  });
});
