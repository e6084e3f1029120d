import { GRID, gridColumns, gridRowHeight, isMobileWidth, type WidgetLayoutItem } from '@tb/core';
import { useMemo } from 'react';
import { ReactGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { DashboardLayout } from '../hooks/use-dashboard-layout';
import { useWindowSize } from '../hooks/use-window-size';
import { renderWidget, widgetTitle, type ChartControls } from './widget-registry';
import { WidgetFrame } from './widget-frame';

/** Grid items for react-grid-layout; on mobile every widget takes the full width, stacked. */
function gridItems(layout: WidgetLayoutItem[], mobile: boolean): Layout {
  if (!mobile) {
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
  let top = 0;
  return [...layout]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map(({ i, h }) => {
      const item = { i, x: 0, y: top, w: GRID.mobileColumns, h, static: true };
      top += h;
      return item;
    });
}

export interface DashboardGridProps {
  dashboard: DashboardLayout & { layout: WidgetLayoutItem[] };
  chart: ChartControls;
}

/** The widget grid: 12 columns (4 below 768 px, stacked), margin 10, row height from core. */
export function DashboardGrid({ dashboard, chart }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const windowSize = useWindowSize();
  const mobile = isMobileWidth(windowSize.width);
  const columns = gridColumns(windowSize.width);
  const { layout } = dashboard;
  const items = useMemo(() => gridItems(layout, mobile), [layout, mobile]);

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
            cols: columns,
            rowHeight: gridRowHeight(windowSize.height),
            margin: [GRID.margin, GRID.margin],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: !mobile, handle: '.widget-frame__handle' }}
          resizeConfig={{ enabled: !mobile }}
          onLayoutChange={(next) => {
            if (!mobile) dashboard.onGridChange(next);
          }}
        >
          {layout.map((item) => (
            <div key={item.i} data-widget-id={item.i}>
              <WidgetFrame
                id={item.i}
                title={widgetTitle(item)}
                workflowNumber={item.workflowNumber}
                movable={!mobile}
                onMove={(direction) => dashboard.move(item.i, direction, columns)}
                onRemove={() => dashboard.remove(item.i)}
              >
                {renderWidget(item, chart)}
              </WidgetFrame>
            </div>
          ))}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
