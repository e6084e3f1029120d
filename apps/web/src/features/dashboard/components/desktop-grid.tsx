import { GRID, gridRowHeight, type WidgetLayoutItem } from '@tb/core';
import { useMemo, type ReactNode } from 'react';
import { ReactGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useWindowSize } from '../hooks/use-window-size';

function gridItems(layout: readonly WidgetLayoutItem[]): Layout {
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

export interface DesktopGridProps {
  layout: readonly WidgetLayoutItem[];
  onGridChange: (next: Layout) => void;
  /** The widget frames, keyed by widget id, in reading order. */
  children: ReactNode;
}

/**
 * The desktop grid: react-grid-layout, 12 columns, margin 10, row height from core, each
 * widget dragged by its handle. A module of its own, so phones (which stack the widgets) never
 * download or run react-grid-layout.
 */
export function DesktopGrid({ layout, onGridChange, children }: DesktopGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const windowSize = useWindowSize();
  const items = useMemo(() => gridItems(layout), [layout]);
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
          onLayoutChange={onGridChange}
        >
          {children}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
