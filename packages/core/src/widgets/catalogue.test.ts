import { describe, expect, it } from 'vitest';
import { gridColumns, gridRowHeight, isMobileWidth, WIDGETS, widgetTypeOf } from './catalogue.js';

describe('WIDGETS', () => {
  it.each([
    ['bingo', 'bingo', 'Bingo Grid', 5, 9],
    ['risk-reward', 'risk', 'Risk/Reward Calculator', 2, 9],
    ['trade-details', 'trade-details', 'Trade Details', 4, 6],
    ['trade-idea', 'trade-idea', 'Trade Idea', 3, 6],
    ['chart', 'chart', 'Trading Chart', 6, 15],
    ['chat', 'chat', 'Chat', 4, 9],
  ] as const)('%s: id %s, "%s", %i×%i', (type, id, title, w, h) => {
    expect(WIDGETS[type]).toMatchObject({ defaultId: id, title, w, h });
    expect(WIDGETS[type].minW).toBeLessThanOrEqual(w);
    expect(WIDGETS[type].maxW).toBe(12);
  });

  it('the chart can be 15 rows high, the others 12', () => {
    expect(WIDGETS.chart).toMatchObject({ minW: 6, minH: 15, maxW: 12, maxH: 15 });
    expect(WIDGETS.bingo.maxH).toBe(12);
  });
});

describe('grid', () => {
  it.each([
    ['a tall window', 1300, 54],
    ['exactly 1200', 1200, 45],
    ['a normal window', 900, 45],
    ['exactly 800', 800, 45],
    ['a short window', 700, 36],
  ])('row height for %s', (_scenario, height, expected) => {
    expect(gridRowHeight(height)).toBeCloseTo(expected, 10);
  });

  it.each([
    [767, true, 4],
    [768, false, 12],
    [1440, false, 12],
  ])('width %i: mobile %s, %i columns', (width, mobile, columns) => {
    expect(isMobileWidth(width)).toBe(mobile);
    expect(gridColumns(width)).toBe(columns);
  });
});

describe('widgetTypeOf', () => {
  it.each([
    ['risk', 'risk-reward'],
    ['risk-reward', 'risk-reward'],
    [' chart ', 'chart'],
    ['trade-idea', 'trade-idea'],
    ['calendar', null],
  ])('%s → %s', (value, expected) => {
    expect(widgetTypeOf(value)).toBe(expected);
  });
});
