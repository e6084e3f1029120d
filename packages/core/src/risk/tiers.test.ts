import { describe, expect, it } from 'vitest';
import {
  BINGO_TOOLTIP,
  formatScore,
  isBingo,
  isTierBoxReached,
  MAX_SCORE,
  riskTierFromScore,
  TIER_BOXES,
} from './tiers.js';

describe('riskTierFromScore', () => {
  it.each([
    ['empty board', 0, 1],
    ['just below the first box', 5, 1],
    ['first box', 6, 2],
    ['top of 2R', 10, 2],
    ['a fraction below 11 stays 2R', 10.5, 2],
    ['second box', 11, 3],
    ['top of 3R', 15, 3],
    ['third box', 16, 4],
    ['top of 4R', 19, 4],
    ['BINGO', 20, 5],
    ['beyond the maximum', 42, 5],
    ['not a number', Number.NaN, 1],
  ])('%s (score %f) gives %iR', (_scenario, score, tier) => {
    expect(riskTierFromScore(score)).toBe(tier);
  });
});

describe('tier boxes and BINGO', () => {
  it('has boxes at 6, 11 and 16 for 2R, 3R and 4R, out of 20', () => {
    expect(TIER_BOXES.map((b) => [b.minScore, b.tier, b.label])).toEqual([
      [6, 2, '2R/R'],
      [11, 3, '3R/R'],
      [16, 4, '4R/R'],
    ]);
    expect(MAX_SCORE).toBe(20);
  });

  it.each([
    [5, [false, false, false], false],
    [11, [true, true, false], false],
    [20, [true, true, true], true],
  ])('at score %i the boxes are %j and BINGO is %s', (score, boxes, bingo) => {
    expect(TIER_BOXES.map((b) => isTierBoxReached(score, b))).toEqual(boxes);
    expect(isBingo(score)).toBe(bingo);
  });

  it('has the hidden BINGO tooltip', () => {
    expect(BINGO_TOOLTIP).toBe('5R/R Maximum risk allowed!');
  });

  it.each([
    [7, '7/20'],
    [2.5, '2.5/20'],
    [Number.NaN, '0/20'],
  ])('formats score %f as %s', (score, shown) => {
    expect(formatScore(score)).toBe(shown);
  });
});
