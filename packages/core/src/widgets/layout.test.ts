import { describe, expect, it } from 'vitest';
import { WidgetLayoutSchema, type WidgetLayoutItem } from '../schemas/widgets.js';
import {
  addWidget,
  defaultLayoutFor,
  defaultWidgetLayout,
  findWidget,
  freeSpot,
  layoutItem,
  mobileWidgetLayout,
  readWidgetLayouts,
  removeWidget,
} from './layout.js';

const overlaps = (a: WidgetLayoutItem, b: WidgetLayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('defaultWidgetLayout', () => {
  const layout = defaultWidgetLayout();

  it('has the four workflow widgets in workflow order, no chart, valid for the API', () => {
    expect(layout.map((i) => i.i)).toEqual(['trade-idea', 'bingo', 'risk', 'trade-details']);
    expect(WidgetLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('fits 12 columns without overlaps', () => {
    for (const item of layout) expect(item.x + item.w).toBeLessThanOrEqual(12);
    for (const a of layout) for (const b of layout) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });

  it('fills the 12 columns and the 15 rows a 1440×900 window shows, with no gap', () => {
    const area = layout.reduce((sum, item) => sum + item.w * item.h, 0);
    expect(area).toBe(12 * 15);
    expect(Math.max(...layout.map((item) => item.y + item.h))).toBe(15);
  });

  it("respects every widget's minimum size", () => {
    for (const item of layout) {
      expect(item.w).toBeGreaterThanOrEqual(item.minW ?? 1);
      expect(item.h).toBeGreaterThanOrEqual(item.minH ?? 1);
    }
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

  it('adds the chart below the full default layout at full width, moving nothing', () => {
    const before = defaultWidgetLayout();
    const { layout, added } = addWidget(before, 'chart', { lastSymbol: 'ETHUSD' });
    expect(added).toBe(true);
    expect(layout.slice(0, 4)).toEqual(before);
    expect(findWidget(layout, 'chart')).toMatchObject({
      x: 0,
      y: 15,
      w: 12,
      h: 15,
      props: { symbol: 'ETHUSD', exchange: 'COINBASE' },
    });
  });

  it('opens the chart in a gap that holds it', () => {
    const { layout } = removeWidget(defaultWidgetLayout(), 'trade-details');
    const tall = [...layout, { ...layoutItem('trade-details', 0, 9), w: 6, h: 20 }];
    expect(findWidget(addWidget(tall, 'chart').layout, 'chart')).toMatchObject({
      x: 6,
      y: 9,
      w: 6,
      h: 15,
    });
  });

  it('stacks a widget added on a phone at the 4 columns', () => {
    const mobile = mobileWidgetLayout(defaultWidgetLayout());
    const chart = findWidget(addWidget(mobile, 'chart', { columns: 4 }).layout, 'chart');
    expect(chart).toMatchObject({ x: 0, w: 4 });
    expect(chart?.minW).toBeUndefined();
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

  it('puts another widget back in the first gap that holds it', () => {
    const { layout } = removeWidget(defaultWidgetLayout(), 'trade-idea');
    expect(findWidget(addWidget(layout, 'trade-idea').layout, 'trade-idea')).toMatchObject({
      x: 0,
      y: 0,
    });
  });

  it('freeSpot goes below everything when no gap holds the size', () => {
    expect(freeSpot(defaultWidgetLayout(), { w: 3, h: 6 }, 12)).toEqual({
      x: 0,
      y: 15,
      w: 3,
      h: 6,
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

describe('layouts per breakpoint', () => {
  it('orders the phone layout by the workflow: idea, bingo, risk, trade details, then the rest', () => {
    const desktop = [...defaultWidgetLayout(), layoutItem('chart', 0, 0)];
    const mobile = mobileWidgetLayout(desktop);
    expect(mobile.map((item) => item.i)).toEqual([
      'trade-idea',
      'bingo',
      'risk',
      'trade-details',
      'chart',
    ]);
    expect(mobile.every((item) => item.x === 0 && item.w === 4)).toBe(true);
    for (let n = 1; n < mobile.length; n += 1) {
      expect(mobile[n]?.y).toBe((mobile[n - 1]?.y ?? 0) + (mobile[n - 1]?.h ?? 0));
    }
  });

  it('reads an old single layout as the desktop one and derives the phone one', () => {
    const old = removeWidget(defaultWidgetLayout(), 'risk').layout;
    const layouts = readWidgetLayouts(old);
    expect(layouts.desktop).toEqual(old);
    expect(layouts.mobile.map((item) => item.i)).toEqual(['trade-idea', 'bingo', 'trade-details']);
  });

  it('keeps a saved phone layout apart from the desktop one', () => {
    const mobile = removeWidget(defaultLayoutFor('mobile'), 'bingo').layout;
    const layouts = readWidgetLayouts({ desktop: defaultWidgetLayout(), mobile });
    expect(layouts.mobile).toEqual(mobile);
    expect(findWidget(layouts.desktop, 'bingo')).toBeDefined();
  });

  it('gives both defaults when nothing was saved', () => {
    expect(readWidgetLayouts(null)).toEqual({
      desktop: defaultLayoutFor('desktop'),
      mobile: defaultLayoutFor('mobile'),
    });
  });
});
