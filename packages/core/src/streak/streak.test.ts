import { describe, expect, it } from 'vitest';
import {
  applyOutcomeToStreak,
  clampStreak,
  streakBarFillPct,
  streakLabel,
  streakPercentage,
} from './streak.js';

describe('streak levels', () => {
  it.each([
    [-3, 'Go touch some GRASS', 4, 0],
    [-2, 'Cold streak', 6, 16.66],
    [-1, 'Malus streak', 8, 33.33],
    [0, 'Normal trade', 10, 50],
    [1, 'Bonus streak', 12, 66.67],
    [2, 'HOT streak', 14, 83.34],
    [3, 'COOKING', 16, 100],
  ])('level %i is %s at %i %%, bar %f %%', (level, label, pct, fill) => {
    expect(streakLabel(level)).toBe(label);
    expect(streakPercentage(level)).toBe(pct);
    expect(streakBarFillPct(level)).toBe(fill);
  });
});

describe('clampStreak', () => {
  it.each([
    ['beyond the top', 7, 3],
    ['beyond the bottom', -9, -3],
    ['a fraction rounds', 1.4, 1],
    ['not a number is 0', Number.NaN, 0],
    ['negative zero is 0', -0.2, 0],
  ])('%s', (_scenario, input, expected) => {
    expect(Object.is(clampStreak(input), expected)).toBe(true);
  });
});

describe('applyOutcomeToStreak', () => {
  it.each([
    ['a win from normal', 0, 'win', 1],
    ['a loss from normal', 0, 'loss', -1],
    ['a win at COOKING stays at 3', 3, 'win', 3],
    ['a loss at GRASS stays at -3', -3, 'loss', -3],
    ['a win after a cold streak', -2, 'win', -1],
  ] as const)('%s', (_scenario, streak, outcome, expected) => {
    expect(applyOutcomeToStreak(streak, outcome)).toBe(expected);
  });
});
