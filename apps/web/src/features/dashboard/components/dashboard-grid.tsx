import { GRID, isMobileWidth, type WidgetLayoutItem } from '@tb/core';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { Spinner } from '@/components';
import type { DashboardLayout } from '../hooks/use-dashboard-layout';
import { renderWidget, widgetTitle, type ChartControls } from './widget-registry';
import { WidgetFrame } from './widget-frame';

/**
 * The widgets top to bottom, then left to right: the DOM order, so Tab goes through the
 * widgets in the order the eye reads them (the grid places each one absolutely anyway).
 */
export function readingOrder(layout: readonly WidgetLayoutItem[]): WidgetLayoutItem[] {
  return [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
}

const loadDesktopGrid = () => import('./desktop-grid');
const DesktopGrid = lazy(() => loadDesktopGrid().then((m) => ({ default: m.DesktopGrid })));
// On a wide screen the grid's code loads with the dashboard's, not after its first render.
if (typeof window !== 'undefined' && !isMobileWidth(window.innerWidth)) void loadDesktopGrid();

/**
 * Scrolls a widget that was just added (the chart opened below the others) into view; not on
 * a switch of breakpoint, whose layout may simply hold other widgets.
 */
function useScrollToAdded(layout: readonly WidgetLayoutItem[], breakpoint: string) {
  const known = useRef<{ ids: Set<string>; breakpoint: string } | null>(null);
  useEffect(() => {
    const ids = new Set(layout.map((item) => item.i));
    const before = known.current?.breakpoint === breakpoint ? known.current.ids : null;
    known.current = { ids, breakpoint };
    if (!before) return;
    const added = [...ids].find((id) => !before.has(id));
    if (!added) return;
    // After the grid has placed it.
    const frame = requestAnimationFrame(() => {
      const element = document.querySelector(`[data-widget-id="${CSS.escape(added)}"]`);
      element?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [layout, breakpoint]);
}

export interface DashboardGridProps {
  dashboard: DashboardLayout & { layout: WidgetLayoutItem[] };
  chart: ChartControls;
}

/**
 * The widgets. Desktop: react-grid-layout, 12 columns, margin 10, row height from core, each
 * widget dragged by its handle or moved with the arrow keys. Phones (below 768 px): one column
 * in the phone layout's order, each widget as tall as its content (no inner scrolling).
 */
export function DashboardGrid({ dashboard, chart }: DashboardGridProps) {
  const mobile = dashboard.breakpoint === 'mobile';
  const ordered = useMemo(() => readingOrder(dashboard.layout), [dashboard.layout]);
  useScrollToAdded(dashboard.layout, dashboard.breakpoint);

  const frames = ordered.map((item) => (
    <div
      key={item.i}
      data-widget-id={item.i}
      className={mobile ? 'dashboard-stack__item' : undefined}
    >
      <WidgetFrame
        id={item.i}
        title={widgetTitle(item)}
        workflowNumber={item.workflowNumber}
        movable={!mobile}
        onMove={(direction) => dashboard.move(item.i, direction, GRID.columns)}
        onRemove={() => dashboard.remove(item.i)}
      >
        {renderWidget(item, chart)}
      </WidgetFrame>
    </div>
  ));

  if (mobile) return <div className="dashboard-stack">{frames}</div>;
  return (
    <Suspense fallback={<Spinner label="Loading your dashboard" />}>
      <DesktopGrid layout={dashboard.layout} onGridChange={dashboard.onGridChange}>
        {frames}
      </DesktopGrid>
    </Suspense>
  );
}
