import { describe, expect, it } from 'vitest';
import { PERP_ASSETS } from '../market/assets.js';
import { HOUR_MS, fundingAt } from '../market/funding-rate.js';
import { markPriceAt, marksAt } from '../market/marks.js';
import { MarkPins } from '../market/pins.js';
import { newAccount, newLedger, useIdBlock } from '../state.js';
import type { OrderRecord, Position } from '../state.js';
import { T0 } from '../test/harness.js';
import { advance } from './lazy.js';
import { accountSummary } from './margin.js';

const SEED = 5;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** BTC pinned at 100,000 from before T0 on: every hour's rate is exactly 0.0000125. */
function pinned(): MarkPins {
  const pins = new MarkPins();
  pins.pin('BTC', 100_000, T0 - DAY);
  return pins;
}

function setUp(
  positions: Record<string, Position>,
  fromMs: number,
  openOrders: OrderRecord[] = [],
) {
  const account = newAccount('0x00000000000000000000000000000000000000cc', 10_000, fromMs);
  useIdBlock(account, 1);
  account.positions = structuredClone(positions);
  account.openOrders = openOrders;
  return { account, ledger: newLedger(account) };
}

function restingOrder(side: 'B' | 'A', limitPx: string, sz: number, timestamp: number) {
  return {
    oid: 1_000_001,
    coin: 'BTC',
    side,
    limitPx,
    sz,
    origSz: sz,
    timestamp,
    tif: 'Gtc' as const,
    reduceOnly: false,
    cloid: null,
    status: 'open' as const,
    statusTimestamp: timestamp,
  };
}

describe('hourly funding', () => {
  it('a long held across two hours pays szi · mark · 0.0000125 at each', () => {
    const pins = pinned();
    const { account, ledger } = setUp({ BTC: { szi: 0.1, entryPx: 100_000 } }, T0 + 20 * MINUTE);

    expect(advance(ledger, SEED, T0 + 2 * HOUR_MS + 30 * MINUTE, pins)).toBe(true);
    const payment = -0.1 * 100_000 * 0.0000125;
    expect(ledger.fundings).toEqual([
      { coin: 'BTC', time: T0 + HOUR_MS, usdc: payment, szi: 0.1, fundingRate: 0.0000125 },
      { coin: 'BTC', time: T0 + 2 * HOUR_MS, usdc: payment, szi: 0.1, fundingRate: 0.0000125 },
    ]);
    expect(account.usdc).toBe(10_000 - 2 * 0.1 * 100_000 * 0.0000125);
    const value = accountSummary(account, marksAt(SEED, account.lastEvalMs, pins)).accountValue;
    expect(value).toBe(9_999.75);
    expect(account.positions.BTC?.funding).toEqual({ sinceOpen: 0.25, sinceChange: 0.25 });
  });

  it('a short receives', () => {
    const pins = pinned();
    const { account, ledger } = setUp({ BTC: { szi: -0.1, entryPx: 100_000 } }, T0 + MINUTE);
    advance(ledger, SEED, T0 + 2 * HOUR_MS, pins);
    expect(ledger.fundings.map((f) => [f.time, f.usdc, f.szi])).toEqual([
      [T0 + HOUR_MS, 0.125, -0.1],
      [T0 + 2 * HOUR_MS, 0.125, -0.1],
    ]);
    expect(account.usdc).toBe(10_000.25);
  });

  it('a position closed before the hour pays nothing; one opened at the hour pays', () => {
    const pins = pinned();
    // A resting sell below the pin closes the long at the first sample, before T0 + 1 h.
    const closing = restingOrder('A', '99000', 0.1, T0 + 10 * MINUTE);
    const closed = setUp({ BTC: { szi: 0.1, entryPx: 100_000 } }, T0 + 10 * MINUTE, [closing]);
    advance(closed.ledger, SEED, T0 + 3 * HOUR_MS, pins);
    expect(closed.ledger.fills).toHaveLength(1);
    expect(closed.account.positions).toEqual({});
    expect(closed.ledger.fundings).toEqual([]);

    // Placed half a minute before the hour: the hour is a sample, where it fills, then pays.
    const opening = restingOrder('B', '101000', 0.1, T0 + HOUR_MS - 30_000);
    const opened = setUp({}, T0 + HOUR_MS - 30_000, [opening]);
    advance(opened.ledger, SEED, T0 + HOUR_MS + 10 * MINUTE, pins);
    expect(opened.ledger.fills[0]?.time).toBe(T0 + HOUR_MS);
    expect(opened.ledger.fundings).toEqual([
      { coin: 'BTC', time: T0 + HOUR_MS, usdc: -0.125, szi: 0.1, fundingRate: 0.0000125 },
    ]);
  });

  it('an account without a position pays nothing', () => {
    const resting = restingOrder('B', '50000', 0.01, T0);
    const { account, ledger } = setUp({}, T0, [resting]);
    expect(advance(ledger, SEED, T0 + 5 * HOUR_MS, pinned())).toBe(false);
    expect(ledger.fundings).toEqual([]);
    expect(account.usdc).toBe(10_000);
  });

  it('a gap of days is charged every hour once, at its own mark', () => {
    const pins = pinned();
    const { account, ledger } = setUp({ BTC: { szi: 0.1, entryPx: 100_000 } }, T0 + 17 * MINUTE);
    advance(ledger, SEED, T0 + 30 * DAY + 5 * MINUTE, pins);
    const hours = Array.from({ length: 30 * 24 }, (_, k) => T0 + (k + 1) * HOUR_MS);
    expect(ledger.fundings.map((f) => f.time)).toEqual(hours);
    expect(ledger.fundings.every((f) => f.usdc === -0.125)).toBe(true);
    expect(account.usdc).toBeCloseTo(10_000 - 720 * 0.125, 6);
  });

  it('settles the same whoever asks and when: one long gap or many short ones', () => {
    const positions = {
      ETH: { szi: -2, entryPx: 3_500 },
      SOL: { szi: 30, entryPx: 180 },
    };
    const end = T0 + 5 * DAY + 7 * MINUTE;
    const once = setUp(positions, T0 + 3 * MINUTE);
    advance(once.ledger, SEED, end);
    const often = setUp(positions, T0 + 3 * MINUTE);
    for (let t = T0 + 3 * MINUTE + 37 * MINUTE; t < end; t += 37 * MINUTE) {
      advance(often.ledger, SEED, t);
    }
    advance(often.ledger, SEED, end);
    expect(once.ledger.fundings).toHaveLength(2 * 5 * 24);
    expect(often.ledger.fundings).toEqual(once.ledger.fundings);
    expect(often.account.usdc).toBeCloseTo(once.account.usdc, 9);
    // Coin order within an hour; each at that hour's mark and rate.
    const [eth, sol] = once.ledger.fundings;
    expect([eth?.coin, sol?.coin]).toEqual(['ETH', 'SOL']);
    const hour = T0 + HOUR_MS;
    const ethAsset = PERP_ASSETS[1]!;
    const rate = fundingAt(SEED, ethAsset, hour).fundingRate;
    expect(eth).toMatchObject({ time: hour, szi: -2, fundingRate: rate });
    expect(eth?.usdc).toBeCloseTo(2 * markPriceAt(SEED, ethAsset, hour) * rate, 6);
  });

  // How long this takes is a benchmark's question, not a test's (a busy machine is slower).
  it('a year-long gap with positions charges each position once an hour', () => {
    const { account, ledger } = setUp(
      { BTC: { szi: 0.01, entryPx: 95_000 }, DOGE: { szi: -100, entryPx: 0.2 } },
      T0,
    );
    advance(ledger, SEED, T0 + 365 * DAY);
    expect(ledger.fundings).toHaveLength(2 * 365 * 24);
    expect(account.lastEvalMs).toBe(T0 + 365 * DAY);
  });
});
