import { describe, expect, it } from 'vitest';
import { PERP_ASSETS, roundPrice } from '../market/assets.js';
import { markPriceAt } from '../market/marks.js';
import { MarkPins } from '../market/pins.js';
import { finishOrder, newAccount, newLedger, useIdBlock } from '../state.js';
import type { OrderRecord } from '../state.js';
import { T0 } from '../test/harness.js';
import { advance } from './lazy.js';
import { placeOrders } from './orders.js';
import { activeSize, evaluateTrigger, waitsForEntry } from './triggers.js';

const SEED = 5;
const ETH = PERP_ASSETS[1]!;
const MINUTE = 60_000;

function setUp() {
  const account = newAccount('0x00000000000000000000000000000000000000cc', 10_000, T0);
  useIdBlock(account, 1);
  return { ledger: newLedger(account), account };
}

/** A long of 0.2 ETH from an entry of 0.5 that filled 0.2, with its SL child. */
function partlyFilled() {
  const { ledger, account } = setUp();
  account.positions.ETH = { szi: 0.2, entryPx: 3000 };
  const common = {
    coin: 'ETH',
    timestamp: T0,
    tif: 'Gtc' as const,
    cloid: null,
    status: 'open' as const,
    statusTimestamp: T0,
  };
  const entry: OrderRecord = {
    ...common,
    oid: 1,
    side: 'B',
    limitPx: '3000',
    sz: 0.3,
    origSz: 0.5,
    reduceOnly: false,
  };
  const sl: OrderRecord = {
    ...common,
    oid: 2,
    side: 'A',
    limitPx: '2500',
    sz: 0.5,
    origSz: 0.5,
    reduceOnly: true,
    entryOid: 1,
    trigger: { isMarket: true, triggerPx: '2900', tpsl: 'sl' },
  };
  account.openOrders.push(entry, sl);
  return { ledger, account, entry, sl };
}

describe('normalTpsl children of a partly filled entry', () => {
  it('are active for the size the entry filled, and wait while it filled nothing', () => {
    const { ledger, account, entry, sl } = partlyFilled();
    expect(activeSize(account, sl)).toBeCloseTo(0.2, 10);
    const pins = new MarkPins();
    pins.pin('ETH', 2900, T0);
    expect(evaluateTrigger(ledger, sl, 2900, { seed: SEED, pins }, T0 + MINUTE)).toBe(true);
    expect(ledger.fills).toMatchObject([{ sz: '0.2', side: 'A', dir: 'Close Long', oid: 2 }]);
    expect(sl.status).toBe('filled');
    expect(account.openOrders).toEqual([entry]);

    const fresh = partlyFilled();
    fresh.entry.sz = fresh.entry.origSz;
    expect(waitsForEntry(fresh.account, fresh.sl)).toBe(true);
    expect(evaluateTrigger(fresh.ledger, fresh.sl, 2000, { seed: SEED }, T0 + MINUTE)).toBe(false);
  });

  it('keep the filled size when the entry is canceled after a partial fill', () => {
    const { ledger, account, entry, sl } = partlyFilled();
    finishOrder(ledger, entry, 'canceled', T0 + MINUTE);
    expect(account.openOrders).toEqual([sl]);
    expect(sl.sz).toBeCloseTo(0.2, 10);
  });
});

describe('triggers on the price path', () => {
  it('a reduce-only SL fires at the first minute the seeded mark falls to it', () => {
    const { ledger, account } = setUp();
    const ctx = { seed: SEED, nowMs: T0 };
    const ask = markPriceAt(SEED, ETH, T0);
    placeOrders(ctx, ledger, [
      {
        a: 1,
        b: true,
        p: String(roundPrice(ETH, ask * 1.05, 'up')),
        s: '0.1',
        r: false,
        t: { limit: { tif: 'Ioc' } },
      },
    ]);
    let low = Infinity;
    for (let k = 1; k <= 360; k += 1) low = Math.min(low, markPriceAt(SEED, ETH, T0 + k * MINUTE));
    const triggerPx = roundPrice(ETH, low, 'up');
    const [status] = placeOrders(ctx, ledger, [
      {
        a: 1,
        b: false,
        p: String(roundPrice(ETH, low * 0.9, 'down')),
        s: '0.1',
        r: true,
        t: { trigger: { isMarket: true, triggerPx: String(triggerPx), tpsl: 'sl' } },
      },
    ]);
    expect(status).toEqual({ resting: { oid: expect.any(Number) } });
    let first = 0;
    for (let k = 1; !first; k += 1) {
      if (markPriceAt(SEED, ETH, T0 + k * MINUTE) <= triggerPx) first = T0 + k * MINUTE;
    }
    advance(ledger, SEED, first - MINUTE);
    expect(account.positions.ETH?.szi).toBe(0.1);
    advance(ledger, SEED, T0 + 360 * MINUTE);
    expect(account.positions.ETH).toBeUndefined();
    expect(ledger.fills.at(-1)).toMatchObject({ time: first, dir: 'Close Long', crossed: true });
  });
});
