import { describe, expect, it } from 'vitest';
import type { ExchangeFill } from './fills.js';
import { closedTripOf, journalPairOfCoin, roundTrips } from './round-trips.js';

let nextTid = 1;
/** A fill of `coin`: buy (B) or sell (A) `sz` at `px`, from position `start`. */
function fill(
  side: 'B' | 'A',
  sz: number,
  px: number,
  start: number,
  extra: Partial<ExchangeFill> = {},
): ExchangeFill {
  const tid = nextTid++;
  return {
    tid,
    oid: String(tid),
    cloid: null,
    coin: 'ETH',
    side,
    px,
    sz,
    fee: 0.1,
    closedPnl: 0,
    dir: '',
    startPosition: start,
    time: tid * 1000,
    ...extra,
  };
}

describe('roundTrips', () => {
  it('is one closed long trip from a buy and a sell: entry, exit, size, fees, P/L', () => {
    const buy = fill('B', 1, 3000, 0);
    const sell = fill('A', 1, 3100, 1, { closedPnl: 100 });
    expect(roundTrips([sell, buy])).toEqual([
      {
        id: String(buy.tid),
        pair: 'ETH-USD',
        coin: 'ETH',
        isLong: true,
        entryPrice: 3000,
        exitPrice: 3100,
        size: 1,
        feesUsd: 0.2,
        pnlUsd: 99.8,
        openedAt: buy.time,
        closedAt: sell.time,
        tids: [buy.tid, sell.tid],
      },
    ]);
  });

  it('weights entries and exits by size, and a short is a short', () => {
    const a = fill('A', 1, 100, 0);
    const b = fill('A', 3, 104, -1);
    const c = fill('B', 2, 90, -4, { closedPnl: 2 * 13 });
    const d = fill('B', 2, 100, -2, { closedPnl: 2 * 3 });
    const [trip] = roundTrips([a, b, c, d]);
    expect(trip).toMatchObject({ isLong: false, entryPrice: 103, exitPrice: 95, size: 4 });
    expect(trip!.pnlUsd).toBeCloseTo(32 - 0.4, 9);
    expect(trip!.tids).toEqual([a.tid, b.tid, c.tid, d.tid]);
  });

  it('keeps a position that has not returned to 0 open: no exit, no P/L', () => {
    const buy = fill('B', 2, 50, 0);
    const part = fill('A', 1, 55, 2, { closedPnl: 5 });
    expect(roundTrips([buy, part])).toEqual([
      expect.objectContaining({ exitPrice: null, pnlUsd: null, closedAt: null, size: 2 }),
    ]);
  });

  it('splits a flip: the closing part ends one trip, the rest opens the next', () => {
    const buy = fill('B', 1, 100, 0, { fee: 1 });
    const flip = fill('A', 3, 110, 1, { fee: 3, closedPnl: 10 });
    const cover = fill('B', 2, 105, -2, { fee: 2, closedPnl: 10 });
    const [first, second] = roundTrips([buy, flip, cover]);
    expect(first).toMatchObject({
      id: String(buy.tid),
      isLong: true,
      exitPrice: 110,
      size: 1,
      feesUsd: 2,
      pnlUsd: 8,
      tids: [buy.tid, flip.tid],
    });
    expect(second).toMatchObject({
      id: `${flip.tid}:flip`,
      isLong: false,
      entryPrice: 110,
      exitPrice: 105,
      size: 2,
      feesUsd: 4,
      pnlUsd: 6,
      tids: [flip.tid, cover.tid],
    });
  });

  it('keeps coins apart and lists trips oldest first', () => {
    const eth = fill('B', 1, 10, 0);
    const btc = fill('A', 0.1, 60000, 0, { coin: 'BTC' });
    const ethOut = fill('A', 1, 11, 1, { closedPnl: 1 });
    const btcOut = fill('B', 0.1, 59000, -0.1, { coin: 'BTC', closedPnl: 100 });
    const trips = roundTrips([btcOut, ethOut, btc, eth]);
    expect(trips.map((t) => [t.pair, t.isLong, t.exitPrice])).toEqual([
      ['ETH-USD', true, 11],
      ['BTC-USD', false, 59000],
    ]);
  });

  it('reads the entry back from the realised P/L when the opening fills are not there', () => {
    // A long of 2 opened elsewhere at 200; these fills only close it.
    const one = fill('A', 1, 210, 2, { closedPnl: 10 });
    const two = fill('A', 1, 190, 1, { closedPnl: -10 });
    expect(roundTrips([one, two])).toEqual([
      expect.objectContaining({ isLong: true, entryPrice: 200, exitPrice: 200, size: 2 }),
    ]);
  });

  it('treats sizes that sum to 0 in binary drift as flat', () => {
    const buys = [fill('B', 0.1, 10, 0), fill('B', 0.2, 10, 0.1)];
    const sell = fill('A', 0.3, 11, 0.1 + 0.2, { closedPnl: 0.3 });
    const next = fill('B', 1, 12, 0);
    const trips = roundTrips([...buys, sell, next]);
    expect(trips).toHaveLength(2);
    expect(trips[0]).toMatchObject({ exitPrice: 11, size: 0.3 });
    expect(trips[1]).toMatchObject({ exitPrice: null, entryPrice: 12 });
  });

  it('keeps perp coins only: spot and builder-dex fills make no trip', () => {
    const perp = [fill('B', 1, 3000, 0), fill('A', 1, 3100, 1, { closedPnl: 100 })];
    const others = ['@107', 'PURR/USDC', 'xyz:TSLA'].flatMap((coin) => [
      fill('B', 2, 10, 0, { coin }),
      fill('A', 2, 11, 2, { coin, closedPnl: 2 }),
    ]);
    const trips = roundTrips([...others, ...perp]);
    expect(trips.map((t) => [t.coin, t.tids])).toEqual([['ETH', perp.map((f) => f.tid)]]);
    expect(roundTrips(others)).toEqual([]);
    expect(closedTripOf(others.slice(0, 2))).toBeNull();
  });

  it('is empty without fills', () => {
    expect(roundTrips([])).toEqual([]);
  });
});

describe('closedTripOf', () => {
  it('splits one closed trip into entry and exit fills', () => {
    const buy = fill('B', 1, 100, 0);
    const sell = fill('A', 1, 90, 1, { closedPnl: -10 });
    const got = closedTripOf([sell, buy]);
    expect(got?.entries).toEqual([buy]);
    expect(got?.exits).toEqual([sell]);
    expect(got?.trip).toMatchObject({ exitPrice: 90, pnlUsd: -10.2 });
  });

  it('is null for an open trip and for two closed trips', () => {
    const buy = fill('B', 1, 100, 0);
    const sell = fill('A', 1, 90, 1);
    expect(closedTripOf([buy])).toBeNull();
    expect(closedTripOf([buy, sell, fill('B', 1, 95, 0), fill('A', 1, 96, 1)])).toBeNull();
    expect(closedTripOf([])).toBeNull();
  });

  it('takes a flip as the part that closes the trip, sized and charged by that part', () => {
    const buy = fill('B', 1, 100, 0, { fee: 1 });
    const flip = fill('A', 3, 110, 1, { fee: 3, closedPnl: 10 });
    const got = closedTripOf([buy, flip]);
    expect(got?.exits).toEqual([{ ...flip, sz: 1, fee: 1 }]);
    expect(got?.trip).toMatchObject({ size: 1, exitPrice: 110, pnlUsd: 8 });
    // With a later fill of the flipped position, these fills are no longer one trip.
    expect(closedTripOf([buy, flip, fill('B', 1, 105, -2)])).toBeNull();
  });
});

describe('journalPairOfCoin', () => {
  it('names the coin in the journal quote', () => {
    expect(journalPairOfCoin('ETH')).toBe('ETH-USD');
    expect(journalPairOfCoin('kPEPE')).toBe('KPEPE-USD');
  });
});
