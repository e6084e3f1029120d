import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRiskReward,
  parsePrice,
  riskRewardRatio,
  tradeLevels,
  tradeLevelsError,
  type TradeLevelsInput,
} from './levels.js';
import { tradeMessages as m } from './messages.js';

describe('parsePrice', () => {
  it.each([
    ['a number', 12.5, 12.5],
    ['zero', 0, 0],
    ['a decimal string', ' 64250.5 ', 64250.5],
    ['a leading dot', '.5', 0.5],
    ['exponent form', '1e3', 1000],
    ['empty text', '', null],
    ['a negative number', -1, null],
    ['a negative string', '-1', null],
    ['letters', 'abc', null],
    ['hex', '0x10', null],
    ['infinity', 'Infinity', null],
    ['NaN', Number.NaN, null],
    ['nothing', undefined, null],
    ['null', null, null],
  ])('%s', (_scenario, input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });
});

const long = (stopLoss: unknown, entry: unknown, target: unknown): TradeLevelsInput =>
  ({ isLong: true, stopLoss, entry, target }) as TradeLevelsInput;
const short = (stopLoss: unknown, entry: unknown, target: unknown): TradeLevelsInput =>
  ({ isLong: false, stopLoss, entry, target }) as TradeLevelsInput;

describe('tradeLevelsError', () => {
  it.each([
    ['long, all ordered', long(90, 100, 120), null],
    ['long from form strings', long('90', '100', '120'), null],
    ['long, target missing', long(90, 100, ''), m.levelsRequired],
    ['long, stop missing', long(undefined, 100, 120), m.levelsRequired],
    ['long, text in entry', long(90, 'abc', 120), m.levelsNotNumbers],
    ['long, entry below stop', long(100, 90, 120), m.longEntryAboveStop],
    ['long, target at entry', long(90, 100, 100), m.longTargetAboveEntry],
    ['short, all ordered', short(110, 100, 80), null],
    ['short, entry above stop', short(100, 110, 80), m.shortEntryBelowStop],
    ['short, target above entry', short(110, 100, 105), m.shortTargetBelowEntry],
  ])('%s', (_scenario, input, expected) => {
    expect(tradeLevelsError(input)).toBe(expected);
  });

  it('tradeLevels gives parsed numbers when valid and null otherwise', () => {
    expect(tradeLevels(long('90', '100', '120'))).toEqual({
      isLong: true,
      stopLoss: 90,
      entry: 100,
      target: 120,
    });
    expect(tradeLevels(long(100, 90, 120))).toBeNull();
  });
});

describe('riskRewardRatio / formatRiskReward', () => {
  it.each([
    ['long, 2R', long(90, 100, 120), 2, '2.00'],
    ['short, 2R', short(110, 100, 80), 2, '2.00'],
    ['long, 1.5R', long(100, 110, 125), 1.5, '1.50'],
    ['long, a third rounds to 2 decimals', long(97, 100, 101), 1 / 3, '0.33'],
    ['missing target shows 0.00', long(90, 100, ''), null, '0.00'],
    ['unordered short shows 0.00', short(90, 100, 80), null, '0.00'],
  ])('%s', (_scenario, input, ratio, shown) => {
    const actual = riskRewardRatio(input);
    if (ratio === null) expect(actual).toBeNull();
    else expect(actual).toBeCloseTo(ratio, 10);
    expect(formatRiskReward(input)).toBe(shown);
  });

  const orderedLong = fc
    .tuple(
      fc.double({ min: 0, max: 1e5, noNaN: true }),
      fc.double({ min: 0.01, max: 1e4, noNaN: true }),
      fc.double({ min: 0.01, max: 1e4, noNaN: true }),
    )
    .map(([stop, risk, reward]) => ({ stop, entry: stop + risk, target: stop + risk + reward }))
    .filter(({ stop, entry, target }) => entry > stop && target > entry);

  it('reward = ratio × risk for any ordered long, and the mirrored short gives the same ratio', () => {
    fc.assert(
      fc.property(orderedLong, ({ stop, entry, target }) => {
        const ratio = riskRewardRatio(long(stop, entry, target));
        expect(ratio).not.toBeNull();
        expect(ratio as number).toBeGreaterThan(0);
        const r = ratio as number;
        expect(Math.abs(r * (entry - stop) - (target - entry))).toBeLessThanOrEqual(
          (target - entry) * 1e-9,
        );
        const mirrored = riskRewardRatio(short(2e5 - stop, 2e5 - entry, 2e5 - target)) as number;
        expect(Math.abs(mirrored - r)).toBeLessThanOrEqual(r * 1e-6);
      }),
    );
  });

  /** Prices as people type them: up to 1e9 with at most 8 decimals (possibly negative). */
  const price = fc
    .double({ min: -1e9, max: 1e9, noNaN: true })
    .map((x) => Math.round(x * 1e8) / 1e8);

  it('the display is always the ratio rounded to 2 decimals, or 0.00', () => {
    fc.assert(
      fc.property(fc.boolean(), price, price, price, (isLong, s, e, t) => {
        const input = { isLong, stopLoss: s, entry: e, target: t };
        const ratio = riskRewardRatio(input);
        const shown = formatRiskReward(input);
        expect(shown).toMatch(/^\d+\.\d\d$/);
        if (ratio === null) expect(shown).toBe('0.00');
        else expect(Math.abs(Number(shown) - ratio)).toBeLessThanOrEqual(0.005 + ratio * 1e-12);
      }),
    );
  });
});
