import { describe, expect, it } from 'vitest';
import { FIXTURE, trade } from './fixture.test-data.js';
import { closedTrades, outcomeOf } from './trades.js';

describe('outcomeOf', () => {
  it.each([
    ['a gain is a win', 10, 1, 'win'],
    ['a loss is a loss', -10, -1, 'loss'],
    ['zero dollars is breakeven', 0, 0.1, 'breakeven'],
    ['zero R is breakeven', 0.5, 0, 'breakeven'],
  ] as const)('%s', (_scenario, pnlUsd, rMultiple, expected) => {
    expect(outcomeOf({ pnlUsd, rMultiple })).toBe(expected);
  });
});

describe('closedTrades', () => {
  it('drops OPEN trades and orders by close time', () => {
    expect(closedTrades(FIXTURE).map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('orders equal close times by id and skips rows missing a close fact', () => {
    const at = '2026-01-01T00:00:00Z';
    const rows = closedTrades([
      trade({ id: 'b', closedAt: at }),
      trade({ id: 'a', closedAt: at }),
      trade({ id: 'c', closedAt: null }),
      trade({ id: 'd', pnlUsd: null }),
      trade({ id: 'e', closedAt: 'not a date' }),
    ]);
    expect(rows.map((t) => t.id)).toEqual(['a', 'b']);
  });
});
