import { GRID, gridRowHeight, type WidgetLayoutItem } from '@tb/core';
import { useEffect, useMemo, useRef } from 'react';
import { ReactGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { DashboardLayout } from '../hooks/use-dashboard-layout';
import { useWindowSize } from '../hooks/use-window-size';
import { renderWidget, widgetTitle, type ChartControls } from './widget-registry';
import { WidgetFrame } from './widget-frame';

/**
 * The widgets top to bottom, then left to right: the DOM order, so Tab goes through the
 * widgets in the order the eye reads them (the grid places each one absolutely anyway).
 */
export function readingOrder(layout: readonly WidgetLayoutItem[]): WidgetLayoutItem[] {
  return [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
}

function gridItems(layout: WidgetLayoutItem[]): Layout {
  return layout.map(({ i, x, y, w, h, minW, minH, maxW, maxH }) => ({
    i,
    x,
    y,
    w,
    h,
    minW,
    minH,
    maxW,
    maxH,
  }));
}

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
  const { width, containerRef, mounted } = useContainerWidth();
  const windowSize = useWindowSize();
  const mobile = dashboard.breakpoint === 'mobile';
  const ordered = useMemo(() => readingOrder(dashboard.layout), [dashboard.layout]);
  const items = useMemo(() => gridItems(dashboard.layout), [dashboard.layout]);
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
    <div ref={containerRef} className="dashboard-grid">
      <p id="widget-move-help" className="visually-hidden">
        Drag the handle with a mouse, or focus it and use the arrow keys to move the widget.
      </p>
      {mounted ? (
        <ReactGridLayout
          width={width}
          layout={items}
          gridConfig={{
            cols: GRID.columns,
            rowHeight: gridRowHeight(windowSize.height),
            margin: [GRID.margin, GRID.margin],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: true, handle: '.widget-frame__handle' }}
          resizeConfig={{ enabled: true }}
          onLayoutChange={(next) => dashboard.onGridChange(next)}
        >
          {frames}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
