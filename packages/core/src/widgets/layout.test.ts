import { describe, expect, it } from 'vitest';
import { WidgetLayoutSchema, type WidgetLayoutItem } from '../schemas/widgets.js';
import { addWidget, defaultWidgetLayout, findWidget, layoutItem, removeWidget } from './layout.js';

const overlaps = (a: WidgetLayoutItem, b: WidgetLayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('defaultWidgetLayout', () => {
  const layout = defaultWidgetLayout();

  it('has the four workflow widgets, no chart, valid for the API', () => {
    expect(layout.map((i) => i.i)).toEqual(['trade-idea', 'trade-details', 'bingo', 'risk']);
    expect(WidgetLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('fits 12 columns without overlaps', () => {
    for (const item of layout) expect(item.x + item.w).toBeLessThanOrEqual(12);
    for (const a of layout) for (const b of layout) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });

  it('layoutItem carries the type, title and workflow number', () => {
    expect(layoutItem('bingo', 1, 2)).toMatchObject({
      i: 'bingo',
      x: 1,
      y: 2,
      title: 'Bingo Grid',
      workflowNumber: 2,
      widgetType: 'bingo',
    });
  });
});

describe('addWidget', () => {
  it('skips a type that is already there', () => {
    const result = addWidget(defaultWidgetLayout(), 'bingo');
    expect(result.added).toBe(false);
    expect(result.layout).toHaveLength(4);
  });

  it('adds the chart at x6 y0 w6 h15 with the last symbol', () => {
    const { layout, added } = addWidget(defaultWidgetLayout(), 'chart', { lastSymbol: 'ETHUSD' });
    expect(added).toBe(true);
    expect(findWidget(layout, 'chart')).toMatchObject({
      x: 6,
      y: 0,
      w: 6,
      h: 15,
      props: { symbol: 'ETHUSD', exchange: 'COINBASE' },
    });
  });

  it('adds the chart with BTCUSD when there is no last symbol', () => {
    expect(findWidget(addWidget([], 'chart').layout, 'chart')?.props).toEqual({
      symbol: 'BTCUSD',
      exchange: 'COINBASE',
    });
  });

  it('restores a removed widget at its saved position', () => {
    const { layout, removed } = removeWidget(defaultWidgetLayout(), 'risk');
    const saved = { [removed?.i as string]: { x: 10, y: 3, w: 2, h: 9 } };
    expect(
      findWidget(addWidget(layout, 'risk-reward', { savedPositions: saved }).layout, 'risk-reward'),
    ).toMatchObject({ x: 10, y: 3 });
  });

  it('puts another widget below the lowest one', () => {
    const { layout } = removeWidget(defaultWidgetLayout(), 'trade-idea');
    expect(findWidget(addWidget(layout, 'trade-idea').layout, 'trade-idea')).toMatchObject({
      x: 0,
      y: 12,
    });
  });
});

describe('removeWidget', () => {
  it.each([
    ['by id', 'risk', 'risk'],
    ['by type', 'risk-reward', 'risk'],
    ['an absent widget', 'chart', null],
  ])('%s', (_scenario, value, removedId) => {
    const result = removeWidget(defaultWidgetLayout(), value);
    expect(result.removed?.i ?? null).toBe(removedId);
    expect(result.layout).toHaveLength(removedId ? 3 : 4);
  });
});
