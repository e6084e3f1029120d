import type { WidgetLayoutItem } from '@tb/core';

/** A position reported by the grid after a drag or resize. */
export interface GridPosition {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Takes the grid's positions into the layout; returns the same array when nothing moved. */
export function mergePositions(
  layout: WidgetLayoutItem[],
  positions: readonly GridPosition[],
): WidgetLayoutItem[] {
  const byId = new Map(positions.map((p) => [p.i, p]));
  let changed = false;
  const next = layout.map((item) => {
    const p = byId.get(item.i);
    if (!p || (p.x === item.x && p.y === item.y && p.w === item.w && p.h === item.h)) return item;
    changed = true;
    return { ...item, x: p.x, y: p.y, w: p.w, h: p.h };
  });
  return changed ? next : layout;
}

export type MoveDirection = 'left' | 'right' | 'up' | 'down';

const overlapsColumns = (a: WidgetLayoutItem, b: WidgetLayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * The keyboard alternative to dragging: left/right shift one column; up/down swap places with
 * the nearest widget above or below in the same columns (the grid then compacts).
 */
export function moveWidget(
  layout: WidgetLayoutItem[],
  id: string,
  direction: MoveDirection,
  columns: number,
): WidgetLayoutItem[] {
  const item = layout.find((entry) => entry.i === id);
  if (!item) return layout;
  const replace = (changes: Map<string, Partial<WidgetLayoutItem>>) =>
    layout.map((entry) => (changes.has(entry.i) ? { ...entry, ...changes.get(entry.i) } : entry));
  if (direction === 'left' || direction === 'right') {
    const x = Math.min(columns - item.w, Math.max(0, item.x + (direction === 'left' ? -1 : 1)));
    return x === item.x ? layout : replace(new Map([[id, { x }]]));
  }
  const others = layout.filter((entry) => entry !== item && overlapsColumns(entry, item));
  if (direction === 'up') {
    const above = others
      .filter((entry) => entry.y + entry.h <= item.y)
      .sort((a, b) => b.y - a.y)[0];
    if (!above) return layout;
    return replace(
      new Map([
        [id, { y: above.y }],
        [above.i, { y: above.y + item.h }],
      ]),
    );
  }
  const below = others.filter((entry) => entry.y >= item.y + item.h).sort((a, b) => a.y - b.y)[0];
  if (!below) return layout;
  return replace(
    new Map([
      [below.i, { y: item.y }],
      [id, { y: item.y + below.h }],
    ]),
  );
}
