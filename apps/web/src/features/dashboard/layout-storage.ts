import {
  WidgetLayoutSchema,
  WidgetLayoutsSchema,
  type LayoutBreakpoint,
  type SavedPositions,
  type WidgetLayoutItem,
  type WidgetLayouts,
} from '@tb/core';
import { z } from 'zod';

/** Browser-stored items of the dashboard (SPEC.md section 3). */
export const layoutStorageKeys = {
  completeLayout: 'completeLayout',
  activeWidgets: 'activeWidgets',
  removedWidgetPositions: 'removedWidgetPositions',
  removedMobileWidgetPositions: 'removedMobileWidgetPositions',
  /** Props a widget type was last given (the chart's view), for when it is added again. */
  widgetChoices: 'widgetChoices',
} as const;

const positionsKey = (breakpoint: LayoutBreakpoint) =>
  breakpoint === 'desktop'
    ? layoutStorageKeys.removedWidgetPositions
    : layoutStorageKeys.removedMobileWidgetPositions;

const PositionsSchema = z.record(
  z.string(),
  z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
);

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the layout still works for this visit.
  }
}

/**
 * The anonymous layouts: `{ desktop, mobile }`, or a plain list stored before there was one
 * layout per breakpoint (the desktop one; core derives the phone one).
 */
export const readStoredLayouts = () =>
  read(layoutStorageKeys.completeLayout, z.union([WidgetLayoutSchema, WidgetLayoutsSchema]));

/** Stores the anonymous layouts. */
export function writeStoredLayouts(layouts: WidgetLayouts): void {
  write(layoutStorageKeys.completeLayout, layouts);
}

/** The ids on the dashboard at this window size (the top bar's widgets menu reads them). */
export function writeActiveWidgets(layout: WidgetLayoutItem[]): void {
  write(
    layoutStorageKeys.activeWidgets,
    layout.map((item) => item.i),
  );
  window.dispatchEvent(new Event('activewidgetschange'));
}

export const readRemovedPositions = (breakpoint: LayoutBreakpoint): SavedPositions =>
  read(positionsKey(breakpoint), PositionsSchema) ?? {};

/**
 * Remembers where a removed widget was, so adding it again puts it back there (per breakpoint:
 * a desktop place means nothing in the phone's single column).
 */
export function rememberRemovedPosition(item: WidgetLayoutItem, breakpoint: LayoutBreakpoint) {
  const { x, y, w, h } = item;
  write(positionsKey(breakpoint), {
    ...readRemovedPositions(breakpoint),
    [item.i]: { x, y, w, h },
  });
}

const ChoicesSchema = z.record(z.string(), z.record(z.string(), z.string()));

/** The choices last made on widgets of each type ({ chart: { view: 'builtIn' } }). */
export const readWidgetChoices = (): Record<string, Record<string, string>> =>
  read(layoutStorageKeys.widgetChoices, ChoicesSchema) ?? {};

/** Remembers a choice made on a widget type, so a removed widget comes back with it. */
export function rememberWidgetChoice(type: string, choice: Record<string, string>): void {
  const choices = readWidgetChoices();
  write(layoutStorageKeys.widgetChoices, {
    ...choices,
    [type]: { ...choices[type], ...choice },
  });
}
