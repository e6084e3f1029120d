import type { WidgetLayoutItem } from '../schemas/widgets.js';
import { DEFAULT_CHART_EXCHANGE, DEFAULT_CHART_SYMBOL } from '../exchange/symbols.js';
import { CHART_POSITION, WIDGETS, widgetTypeOf, type WidgetType } from './catalogue.js';

/** A widget placed at (x, y) with its type's sizes, title and workflow number. */
export function layoutItem(
  type: WidgetType,
  x: number,
  y: number,
  id = WIDGETS[type].defaultId,
): WidgetLayoutItem {
  const { title, workflowNumber, w, h, minW, minH, maxW, maxH } = WIDGETS[type];
  return {
    i: id,
    x,
    y,
    w,
    h,
    minW,
    minH,
    maxW,
    maxH,
    title,
    workflowNumber,
    widgetType: type,
    isDraggable: true,
    isResizable: true,
  };
}

/**
 * The layout of anonymous users and of accounts that never saved one, in workflow order:
 * trade idea and trade details on the left, bingo, then risk. The chart opens on demand.
 */
export function defaultWidgetLayout(): WidgetLayoutItem[] {
  return [
    layoutItem('trade-idea', 0, 0),
    layoutItem('trade-details', 0, 6),
    layoutItem('bingo', 4, 0),
    layoutItem('risk-reward', 9, 0),
  ];
}

/** The widget of a type in a layout (matched by `widgetType` or by the default id). */
export function findWidget(
  layout: readonly WidgetLayoutItem[],
  type: WidgetType,
): WidgetLayoutItem | undefined {
  return layout.find((item) => item.widgetType === type || widgetTypeOf(item.i) === type);
}

/** Saved positions of removed widgets, by widget id (the browser's removedWidgetPositions). */
export type SavedPositions = Readonly<
  Record<string, Pick<WidgetLayoutItem, 'x' | 'y' | 'w' | 'h'>>
>;

/**
 * Adds a widget (SPEC.md section 4): skipped when one of that type exists (`added: false`);
 * restored at its saved position when it was removed before; the chart otherwise at x6 y0
 * w6 h15 with the last symbol; anything else below the lowest widget.
 */
export function addWidget(
  layout: readonly WidgetLayoutItem[],
  type: WidgetType,
  options: { savedPositions?: SavedPositions; lastSymbol?: string } = {},
): { layout: WidgetLayoutItem[]; added: boolean } {
  if (findWidget(layout, type)) return { layout: [...layout], added: false };
  const bottom = layout.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const base =
    type === 'chart'
      ? layoutItem(type, CHART_POSITION.x, CHART_POSITION.y)
      : layoutItem(type, 0, bottom);
  const saved = options.savedPositions?.[base.i];
  const item: WidgetLayoutItem = {
    ...base,
    ...(saved && { x: saved.x, y: saved.y, w: saved.w, h: saved.h }),
  };
  if (type === 'chart') {
    item.props = {
      symbol: options.lastSymbol?.trim() || DEFAULT_CHART_SYMBOL,
      exchange: DEFAULT_CHART_EXCHANGE,
    };
  }
  return { layout: [...layout, item], added: true };
}

/**
 * Removes the widget named by an id or a type (the `removeWidget` query value). Returns the
 * removed item so its position can be saved for a later restore; `null` when absent.
 */
export function removeWidget(
  layout: readonly WidgetLayoutItem[],
  idOrType: string,
): { layout: WidgetLayoutItem[]; removed: WidgetLayoutItem | null } {
  const type = widgetTypeOf(idOrType);
  const target =
    layout.find((item) => item.i === idOrType) ?? (type ? findWidget(layout, type) : undefined);
  if (!target) return { layout: [...layout], removed: null };
  return { layout: layout.filter((item) => item !== target), removed: target };
}
