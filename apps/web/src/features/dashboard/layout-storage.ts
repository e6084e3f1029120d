import { WidgetLayoutSchema, type SavedPositions, type WidgetLayoutItem } from '@tb/core';
import { z } from 'zod';

/** Browser-stored items of the dashboard (SPEC.md section 3). */
export const layoutStorageKeys = {
  completeLayout: 'completeLayout',
  activeWidgets: 'activeWidgets',
  removedWidgetPositions: 'removedWidgetPositions',
} as const;

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

export const readStoredLayout = (): WidgetLayoutItem[] | null =>
  read(layoutStorageKeys.completeLayout, WidgetLayoutSchema);

/** The anonymous layout, plus the ids on the dashboard (the top bar's toolbox reads them). */
export function writeStoredLayout(layout: WidgetLayoutItem[], persistLayout: boolean): void {
  if (persistLayout) write(layoutStorageKeys.completeLayout, layout);
  write(
    layoutStorageKeys.activeWidgets,
    layout.map((item) => item.i),
  );
  window.dispatchEvent(new Event('activewidgetschange'));
}

export const readRemovedPositions = (): SavedPositions =>
  read(layoutStorageKeys.removedWidgetPositions, PositionsSchema) ?? {};

/** Remembers where a removed widget was, so adding it again puts it back there. */
export function rememberRemovedPosition(item: WidgetLayoutItem): void {
  const { x, y, w, h } = item;
  write(layoutStorageKeys.removedWidgetPositions, {
    ...readRemovedPositions(),
    [item.i]: { x, y, w, h },
  });
}
