import { defaultBingoState, defaultRiskState } from '@tb/core';
import { describe, expect, it } from 'vitest';
import type { LocalJournal } from './local-store';
import { addLocalTrade, exitLocalTrade, type LocalClock } from './local-trades';

const clock: LocalClock = { now: Date.parse('2026-03-10T10:00:00Z'), timeZone: 'UTC' };

/** A journal with one OPEN long: $1,000 at 100, stop 90, target 120 (10 units, 1R = $100). */
function journalWithLong(): { journal: LocalJournal; id: string } {
  const empty: LocalJournal = {
    bingo: defaultBingoState('b1', clock.now),
    trades: [],
    risk: defaultRiskState(clock.now),
  };
  const added = addLocalTrade(
    empty,
    { pair: 'SOLUSDT', isLong: true, stopLoss: 90, entryPrice: 100, takeProfit: 120, notes: '' },
    clock,
  );
  if (!added.ok) throw new Error(added.message);
  const journal = { ...empty, ...added.value };
  return { journal, id: journal.trades[0]!.id };
}

describe('exitLocalTrade: the anonymous journal closes by hand as the server does', () => {
  it('a partial exit keeps the trade open and the risk as it was; the last closes at the weighted price', () => {
    const { journal, id } = journalWithLong();
    const first = exitLocalTrade(journal, id, { price: 110, quantity: 4 }, clock);
    if (!first.ok) throw new Error(first.message);
    const partly = { ...journal, ...first.value };
    expect(partly.trades[0]).toMatchObject({
      status: 'OPEN',
      exits: [{ price: 110, quantity: 4 }],
    });
    expect(partly.risk).toEqual(journal.risk);

    const last = exitLocalTrade(partly, id, { price: 95 }, clock);
    if (!last.ok) throw new Error(last.message);
    const [trade] = last.value.trades!;
    // 4 at 110 and 6 at 95: 101, +$10, +0.1R.
    expect(trade!.status).toBe('TARGET_HIT');
    expect(trade!.exitPrice).toBeCloseTo(101, 9);
    expect(trade!.pnlUsd).toBeCloseTo(10, 9);
    expect(trade!.rMultiple).toBeCloseTo(0.1, 9);
    expect(trade!.closedAt).toBe('2026-03-10T10:00:00.000Z');
    expect(last.value.risk!.dailyStats.wins).toBe(1);
  });

  it('after the third stoploss a loss is refused and nothing changes; a break-even is recorded', () => {
    const { journal, id } = journalWithLong();
    const ended = { ...journal, risk: { ...journal.risk, slTaken: 3 } };
    expect(exitLocalTrade(ended, id, { price: 95 }, clock)).toMatchObject({
      ok: false,
      code: 'SESSION_ENDED',
    });
    const even = exitLocalTrade(ended, id, { price: 100 }, clock);
    if (!even.ok) throw new Error(even.message);
    expect(even.value.trades![0]).toMatchObject({ rMultiple: 0, pnlUsd: 0 });
    expect(even.value.risk).toMatchObject({ slTaken: 3 });
  });
});
