import { describe, expect, it } from 'vitest';
import type { ExchangeFill } from '../exchange/fills.js';
import { closeFromFills } from './close-from-fills.js';
import type { ClosableTrade } from './close-trade.js';

/** Long 1 ETH at 3,000, stop 2,900, target 3,300 (3R). */
const long: ClosableTrade = {
  isLong: true,
  entryPrice: 3000,
  stopLoss: 2900,
  takeProfit: 3300,
  quantity: 1,
  status: 'OPEN',
};
/** Short 0.5 ETH at 3,000, stop 3,100, target 2,700. */
const short: ClosableTrade = {
  isLong: false,
  entryPrice: 3000,
  stopLoss: 3100,
  takeProfit: 2700,
  quantity: 0.5,
  status: 'OPEN',
};

let nextTid = 1;
function fill(side: 'B' | 'A', px: number, sz: number, fee: number): ExchangeFill {
  const tid = nextTid++;
  return {
    tid,
    oid: String(100 + tid),
    cloid: null,
    coin: 'ETH',
    side,
    px,
    sz,
    fee,
    closedPnl: 0,
    dir: side === 'B' ? 'Open Long' : 'Close Long',
    startPosition: 0,
    time: tid,
  };
}

describe('closeFromFills', () => {
  it('closes a long at its target: exit, R, USD after fees', () => {
    const closed = closeFromFills(long, [fill('B', 3000, 1, 1.35)], [fill('A', 3300, 1, 1.485)]);
    expect(closed).toEqual({
      ok: true,
      value: {
        status: 'TARGET_HIT',
        exitPrice: 3300,
        profitLoss: 300,
        rMultiple: 3,
        pnlUsd: 297.165,
        feesUsd: 2.835,
        fundingUsd: 0,
        entryPrice: 3000,
        quantity: 1,
        sizeUsd: 3000,
        riskUsd: 100,
      },
    });
  });

  it('takes funding paid while open into pnlUsd and R (a stop hit after paying is worse than -1R)', () => {
    const closed = closeFromFills(
      long,
      [fill('B', 3000, 1, 1.35)],
      [fill('A', 2900, 1, 1.305)],
      'STOPLOSS_HIT',
      -2.5,
    );
    expect(closed.ok && closed.value).toMatchObject({
      rMultiple: -1.025,
      pnlUsd: -100 - 2.655 - 2.5,
      feesUsd: 2.655,
      fundingUsd: -2.5,
    });
  });

  it('takes funding received into the result', () => {
    const closed = closeFromFills(
      long,
      [fill('B', 3000, 1, 0)],
      [fill('A', 3300, 1, 0)],
      undefined,
      1,
    );
    expect(closed.ok && closed.value).toMatchObject({
      rMultiple: 3.01,
      pnlUsd: 301,
      fundingUsd: 1,
    });
  });

  it('closes a short at its stop: -1R and the risk plus fees lost', () => {
    const closed = closeFromFills(
      short,
      [fill('A', 3000, 0.5, 0.5)],
      [fill('B', 3100, 0.5, 0.6)],
      'STOPLOSS_HIT',
    );
    expect(closed).toMatchObject({
      ok: true,
      value: {
        status: 'STOPLOSS_HIT',
        exitPrice: 3100,
        profitLoss: -100,
        rMultiple: -1,
        pnlUsd: -51.1,
        feesUsd: 1.1,
        riskUsd: 50,
      },
    });
  });

  it('takes the entry and the exit as the fills’ volume-weighted prices', () => {
    // Entry 0.25 at 2,990 and 0.75 at 3,010 = 3,005; exit 0.5 at 3,300 and 0.5 at 3,310 = 3,305.
    const closed = closeFromFills(
      long,
      [fill('B', 2990, 0.25, 0), fill('B', 3010, 0.75, 0)],
      [fill('A', 3300, 0.5, 0), fill('A', 3310, 0.5, 0)],
    );
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.value.entryPrice).toBe(3005);
    expect(closed.value.quantity).toBe(1);
    expect(closed.value.exitPrice).toBe(3305);
    expect(closed.value.profitLoss).toBe(300);
    // R against the filled entry and the trade's stop: 300 / (3,005 − 2,900).
    expect(closed.value.rMultiple).toBe(2.8571);
    expect(closed.value.riskUsd).toBe(105);
  });

  it('measures a slipped market entry from its real price and size', () => {
    // Planned 1 at 3,000; the market filled 0.9 at 3,020.
    const closed = closeFromFills(long, [fill('B', 3020, 0.9, 0)], [fill('A', 2900, 0.9, 0)]);
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.value).toMatchObject({
      entryPrice: 3020,
      quantity: 0.9,
      sizeUsd: 2718,
      riskUsd: 108,
      pnlUsd: -108,
      rMultiple: -1,
      status: 'STOPLOSS_HIT',
    });
  });

  it('keeps the trade’s own entry when no entry fill is known, and the size that exited', () => {
    // Exits attached to a journal trade: what was held is what the exits closed.
    const closed = closeFromFills(long, [], [fill('A', 3100, 0.4, 0.5)]);
    expect(closed).toMatchObject({
      ok: true,
      value: { entryPrice: 3000, quantity: 0.4, rMultiple: 1, pnlUsd: 39.5, feesUsd: 0.5 },
    });
  });

  it('sets the status from the sign of R when none is given', () => {
    const win = closeFromFills(long, [], [fill('A', 3000, 1, 1)]);
    const loss = closeFromFills(short, [], [fill('B', 3010, 0.5, 0)]);
    expect(win).toMatchObject({ ok: true, value: { status: 'TARGET_HIT', rMultiple: 0 } });
    expect(loss).toMatchObject({ ok: true, value: { status: 'STOPLOSS_HIT', rMultiple: -0.1 } });
  });

  it('refuses without exit fills', () => {
    expect(closeFromFills(long, [fill('B', 3000, 1, 0)], [])).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a trade that is already closed', () => {
    const closed = { ...long, status: 'TARGET_HIT' as const };
    expect(closeFromFills(closed, [], [fill('A', 3300, 1, 0)])).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
  });
});
