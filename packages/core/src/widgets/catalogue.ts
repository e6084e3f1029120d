/** Widget types of the dashboard (SPEC.md section 3). */
export const WIDGET_TYPES = [
  'bingo',
  'risk-reward',
  'trade-details',
  'trade-idea',
  'chart',
  'chat',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Size limits and identity of one widget type, in grid units (columns × rows). */
export interface WidgetDefinition {
  type: WidgetType;
  /** The id the widget has in the default layout ('risk' for the risk-reward widget). */
  defaultId: string;
  title: string;
  /** Step of the workflow hint (1 idea, 2 bingo, 3 risk, 4 trade details); null for none. */
  workflowNumber: number | null;
  w: number;
  h: number;
  minW: number;
  minH: number;
  maxW: number;
  maxH: number;
}

/** Largest widget in grid units, except the chart's height (SPEC.md section 9). */
export const WIDGET_MAX_SIZE = 12;

/**
 * The widgets (SPEC.md sections 2 and 9). Default sizes are SPEC.md's; its "(w x h,
 * minimums)" makes them the minimums too, except where the page default is smaller (bingo
 * 4×9, risk 1×9), which is then the minimum.
 */
export const WIDGETS: Readonly<Record<WidgetType, WidgetDefinition>> = {
  bingo: {
    type: 'bingo',
    defaultId: 'bingo',
    title: 'Bingo Grid',
    workflowNumber: 2,
    w: 5,
    h: 9,
    minW: 4,
    minH: 9,
    maxW: 12,
    maxH: 12,
  },
  'risk-reward': {
    type: 'risk-reward',
    defaultId: 'risk',
    title: 'Risk/Reward Calculator',
    workflowNumber: 3,
    w: 2,
    h: 9,
    minW: 1,
    minH: 9,
    maxW: 12,
    maxH: 12,
  },
  'trade-details': {
    type: 'trade-details',
    defaultId: 'trade-details',
    title: 'Trade Details',
    workflowNumber: 4,
    w: 4,
    h: 6,
    minW: 4,
    minH: 6,
    maxW: 12,
    maxH: 12,
  },
  'trade-idea': {
    type: 'trade-idea',
    defaultId: 'trade-idea',
    title: 'Trade Idea',
    workflowNumber: 1,
    w: 3,
    h: 6,
    minW: 3,
    minH: 6,
    maxW: 12,
    maxH: 12,
  },
  chart: {
    type: 'chart',
    defaultId: 'chart',
    title: 'Trading Chart',
    workflowNumber: null,
    w: 6,
    h: 15,
    minW: 6,
    minH: 15,
    maxW: 12,
    maxH: 15,
  },
  // The premium chat beside the widgets (DESIGN.md section 15).
  chat: {
    type: 'chat',
    defaultId: 'chat',
    title: 'Chat',
    workflowNumber: null,
    w: 4,
    h: 9,
    minW: 3,
    minH: 6,
    maxW: 12,
    maxH: 12,
  },
};

/** The dashboard grid (SPEC.md section 9, DESIGN.md). Pixels unless named otherwise. */
export const GRID = {
  columns: 12,
  mobileColumns: 4,
  margin: 10,
  minWidth: 300,
  mobileBreakpoint: 768,
  rowHeight: 45,
  sidebarOpenWidth: 300,
  sidebarCollapsedWidth: 60,
} as const;

/** Row height in pixels: 45, ×1.2 when the window is taller than 1200 px, ×0.8 below 800 px. */
export function gridRowHeight(windowHeightPx: number): number {
  if (windowHeightPx > 1200) return GRID.rowHeight * 1.2;
  if (windowHeightPx < 800) return GRID.rowHeight * 0.8;
  return GRID.rowHeight;
}

/** Whether the window is in the mobile layout (below 768 px: 4 columns, stacked widgets). */
export function isMobileWidth(windowWidthPx: number): boolean {
  return windowWidthPx < GRID.mobileBreakpoint;
}

/** Columns of the grid at this window width: 4 on mobile, else 12. */
export function gridColumns(windowWidthPx: number): number {
  return isMobileWidth(windowWidthPx) ? GRID.mobileColumns : GRID.columns;
}

/**
 * The widget type an `addWidget` / `removeWidget` query value names: a type ('risk-reward')
 * or a default id ('risk'). `null` when it names none.
 */
export function widgetTypeOf(idOrType: string): WidgetType | null {
  const value = idOrType.trim();
  if ((WIDGET_TYPES as readonly string[]).includes(value)) return value as WidgetType;
  return WIDGET_TYPES.find((type) => WIDGETS[type].defaultId === value) ?? null;
}
