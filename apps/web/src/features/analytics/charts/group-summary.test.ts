import { describe, expect, it } from 'vitest';
import { stats } from '../test/report-fixture';
import { groupSummary } from './group-chart';

const row = (key: string, ...args: Parameters<typeof stats>) => ({ key, ...stats(...args) });

describe('groupSummary: which group did best, by the one sample rule', () => {
  it('names no best pair from one or two trades', () => {
    const rows = [row('BTCUSDT', 1, 1, 3, 272.73), row('ETHUSDT', 2, 0.5, 0.5, 33.33)];
    expect(groupSummary(rows, 'pair')).toBe(
      'Not enough trades yet to compare pairs (5 needed on each side).',
    );
  });

  it('ranks the groups with five trades, with their ranges; a thinner one is left out', () => {
    const rows = [
      row('BTCUSDT', 6, 0.67, 1.2, 120, [0.4, 2]),
      row('ETHUSDT', 5, 0.2, -0.6, -60, [-1.4, 0.2]),
      row('SOLUSDT', 1, 1, 4, 40),
    ];
    expect(groupSummary(rows, 'pair')).toBe(
      'Best pair: BTCUSDT (+1.20R per trade over 6), 95% range +0.40R to +2.00R; ' +
        'worst: ETHUSDT (-0.60R per trade over 5), 95% range -1.40R to +0.20R. ' +
        '1 pair with fewer than 5 trades not ranked.',
    );
  });

  it('says when the ranges overlap: the difference may be chance', () => {
    const rows = [
      row('long', 5, 0.8, 0.9, 90, [-0.5, 2.3]),
      row('short', 5, 0.4, 0.1, 10, [-1, 1.2]),
    ];
    expect(groupSummary(rows, 'side')).toMatch(
      /^Best side: long .*worst: short .*The ranges overlap: the difference may be chance\.$/,
    );
  });

  it('one group only: nothing to compare', () => {
    expect(groupSummary([row('Tue', 3, 1, 1, 30)], 'day')).toBe(
      'Only one day with trades: Tue (+1.00R per trade over 3).',
    );
  });
});
