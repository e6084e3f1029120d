import { describe, expect, it } from 'vitest';
import {
  dueTrades,
  FIRST_RECHECK_MS,
  levelReached,
  liquidationNear,
  MAX_RECHECK_MS,
  type AtLevel,
  type LiveLevels,
} from './live-levels.js';

/** A long held at 100 (stop 95, target 110, 5x) on BTC. */
const long: LiveLevels = {
  tradeId: 't1',
  userId: 'u1',
  connectionId: 'c1',
  network: 'paper',
  coin: 'BTC',
  isLong: true,
  execution: 'open',
  orderType: 'limit',
  entry: 100,
  stop: 95,
  target: 110,
  leverage: 5,
  entryFill: 100,
};
/** Whether the market is at or past a level of the trade. */
const atALevel = (trade: LiveLevels, mid: number) => levelReached(trade, mid) !== null;

const short: LiveLevels = { ...long, tradeId: 't2', isLong: false, stop: 105, target: 90 };

describe('the levels of a live trade', () => {
  it('a long: at or below its stop, at or above its target, a little early for the mark', () => {
    expect(atALevel(long, 100)).toBe(false);
    expect(atALevel(long, 95.2)).toBe(false);
    expect(atALevel(long, 95.09)).toBe(true); // within 0.1 % of the stop
    expect(atALevel(long, 90)).toBe(true); // gapped through it
    expect(atALevel(long, 109.8)).toBe(false);
    expect(atALevel(long, 109.9)).toBe(true);
    expect(atALevel(long, 130)).toBe(true);
  });

  it('a short: mirrored', () => {
    expect(atALevel(short, 100)).toBe(false);
    expect(atALevel(short, 104.9)).toBe(true);
    expect(atALevel(short, 90.05)).toBe(true);
    expect(atALevel(short, 92)).toBe(false);
  });

  it('a resting limit entry is reached when the price comes to it; a market entry always is', () => {
    const resting: LiveLevels = { ...long, execution: 'resting', entryFill: null, entry: 99 };
    expect(atALevel(resting, 100)).toBe(false);
    expect(atALevel(resting, 99.05)).toBe(true);
    // Not the stop's or target's business while the entry rests (the exchange holds them back).
    expect(atALevel({ ...resting, entry: 90 }, 94)).toBe(false);
    expect(atALevel({ ...resting, orderType: 'market' }, 100)).toBe(true);
    // Open at market, its fill not read yet: due for the entry's price.
    expect(atALevel({ ...long, entryFill: null }, 100)).toBe(true);
    const restingShort: LiveLevels = { ...short, execution: 'resting', entry: 101 };
    expect(atALevel(restingShort, 100)).toBe(false);
    expect(atALevel(restingShort, 101)).toBe(true);
  });

  it('liquidation on the near side of the real one, from the fill price', () => {
    expect(liquidationNear(100, 10, true)).toBeCloseTo(91, 10);
    expect(liquidationNear(100, 10, false)).toBeCloseTo(109, 10);
    // A stop beyond the liquidation price: the liquidation is the level that counts.
    const wide: LiveLevels = { ...long, stop: 50, leverage: 10 };
    expect(atALevel(wide, 91.05)).toBe(true);
    expect(atALevel(wide, 92)).toBe(false);
  });

  it('no price, or not a price: nothing is reached', () => {
    expect(atALevel(long, Number.NaN)).toBe(false);
    expect(atALevel(long, 0)).toBe(false);
  });
});

describe('which trades are due', () => {
  const mid = (px: number | undefined) => () => px;

  it('at a level: due at once, then again after 2 s, 4 s, ... a minute at most while it stays', () => {
    let remembered: ReadonlyMap<string, AtLevel> = new Map();
    const dueAt: number[] = [];
    for (let t = 0; t <= 300_000; t += 1_000) {
      const { due, next } = dueTrades([long], mid(94), remembered, t);
      if (due.length) dueAt.push(t);
      remembered = next;
    }
    expect(dueAt.slice(0, 6)).toEqual([0, 2_000, 6_000, 14_000, 30_000, 62_000]);
    const gaps = dueAt.slice(1).map((t, i) => t - dueAt[i]!);
    expect(Math.max(...gaps)).toBe(MAX_RECHECK_MS);
    expect(gaps[0]).toBe(FIRST_RECHECK_MS);
  });

  it('away from every level: not due and forgotten, so a return is due at once', () => {
    const first = dueTrades([long], mid(94), new Map(), 0);
    expect(first.due).toEqual([long]);
    const away = dueTrades([long], mid(100), first.next, 1_000);
    expect(away.due).toEqual([]);
    expect(away.next.size).toBe(0);
    expect(dueTrades([long], mid(94), away.next, 1_500).due).toEqual([long]);
  });

  it('a network without prices this time keeps what was remembered, and marks nothing', () => {
    const first = dueTrades([long], mid(94), new Map(), 0);
    const blind = dueTrades([long], mid(undefined), first.next, 10_000);
    expect(blind.due).toEqual([]);
    expect(blind.next.get('t1')).toEqual(first.next.get('t1'));
  });

  it('the next level is due at once: the entry filled, then the target is reached', () => {
    const resting: LiveLevels = { ...long, execution: 'resting', entryFill: null, entry: 99 };
    const atEntry = dueTrades([resting], mid(99), new Map(), 0);
    expect(atEntry.due).toHaveLength(1);
    expect(atEntry.next.get('t1')?.level).toBe('entry:past');
    const atTarget = dueTrades([long], mid(111), atEntry.next, 500);
    expect(atTarget.due).toEqual([long]);
    expect(atTarget.next.get('t1')?.level).toBe('target:past');
  });

  it('near a stop, then past it: due at once when it crosses, whatever the recheck wait', () => {
    // 95.05 is within 0.1 % of the 95 stop: a look, then the next only after 2 s.
    const near = dueTrades([long], mid(95.05), new Map(), 0);
    expect(near.due).toEqual([long]);
    expect(near.next.get('t1')?.level).toBe('stop:near');
    expect(dueTrades([long], mid(95.04), near.next, 500).due).toEqual([]);
    const past = dueTrades([long], mid(94.99), near.next, 1_000);
    expect(past.due).toEqual([long]);
    expect(past.next.get('t1')).toMatchObject({ level: 'stop:past', waitMs: FIRST_RECHECK_MS });
  });

  it('only the trades at a level', () => {
    const { due } = dueTrades([long, short], mid(95), new Map(), 0);
    expect(due.map((t) => t.tradeId)).toEqual(['t1']);
  });
});
