import type { WidgetLayoutItem, WidgetLayouts, WidgetType } from '@tb/core';

export type WidgetProps = NonNullable<WidgetLayoutItem['props']>;

/**
 * The choices a widget of `type` comes back with: those its twin on the other breakpoint
 * holds (the layouts are the user's, on the server when signed in), else the last ones made
 * in this browser.
 */
export function carriedChoices(
  layouts: WidgetLayouts,
  type: WidgetType,
  remembered: Record<string, string> = {},
): WidgetProps {
  const twin = [...layouts.desktop, ...layouts.mobile].find(
    (item) => (item.widgetType ?? item.i) === type,
  );
  const view = twin?.props?.view ?? remembered.view;
  return view === undefined ? {} : { view };
}

/** The layouts with `props` merged into the widgets of `type`; only the changed breakpoints. */
export function withProps(
  layouts: WidgetLayouts,
  type: WidgetType,
  props: WidgetProps,
): Partial<WidgetLayouts> {
  const changed: Partial<WidgetLayouts> = {};
  for (const breakpoint of ['desktop', 'mobile'] as const) {
    const layout = layouts[breakpoint];
    const hit = layout.some((item) => (item.widgetType ?? item.i) === type);
    if (!hit) continue;
    changed[breakpoint] = layout.map((item) =>
      (item.widgetType ?? item.i) === type ? { ...item, props: { ...item.props, ...props } } : item,
    );
  }
  return changed;
}
