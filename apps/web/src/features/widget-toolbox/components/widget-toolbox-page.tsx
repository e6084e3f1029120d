import { WIDGET_TYPES, WIDGETS, widgetTypeOf, type WidgetType } from '@tb/core';
import { GripVertical } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { buttonClass, Page, Spinner } from '@/components';
import { useDashboardLayout } from '@/features/dashboard';
import './widget-toolbox.css';

const DRAG_TYPE = 'application/x-tb-widget';
type Zone = 'dashboard' | 'available';

/**
 * The widget toolbox (SPEC.md section 2): drag a widget between "Available" and "On your
 * dashboard" (HTML5 drag and drop), or use its Add / Remove button.
 */
export function WidgetToolboxPage() {
  const dashboard = useDashboardLayout();
  const [over, setOver] = useState<Zone | null>(null);
  const onBoard = new Set(
    (dashboard.layout ?? []).map((item) => item.widgetType ?? widgetTypeOf(item.i)),
  );

  const place = (type: WidgetType, zone: Zone) => {
    if (zone === 'available') return void dashboard.remove(type);
    if (type !== 'chart') return void dashboard.add(type);
    void import('@/features/trade-idea').then((m) => dashboard.add('chart', m.readLastSymbol()));
  };
  const zoneProps = (zone: Zone) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      setOver(zone);
    },
    onDragLeave: () => setOver(null),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(null);
      const type = event.dataTransfer.getData(DRAG_TYPE) as WidgetType;
      if ((WIDGET_TYPES as readonly string[]).includes(type)) place(type, zone);
    },
  });

  const list = (zone: Zone, heading: string, types: WidgetType[]) => (
    <section
      className={over === zone ? 'toolbox__zone is-over' : 'toolbox__zone'}
      aria-labelledby={`toolbox-${zone}`}
      {...zoneProps(zone)}
    >
      <h2 id={`toolbox-${zone}`}>{heading}</h2>
      {types.length === 0 ? <p className="toolbox__empty">Drop a widget here</p> : null}
      <ul className="toolbox__list">
        {types.map((type) => (
          <li
            key={type}
            className="toolbox__item"
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, type);
              event.dataTransfer.effectAllowed = 'move';
            }}
          >
            <GripVertical aria-hidden="true" className="toolbox__grip" size={18} />
            <span className="toolbox__title">{WIDGETS[type].title}</span>
            <button
              type="button"
              className={buttonClass(zone === 'dashboard' ? 'secondary' : 'primary')}
              aria-label={`${zone === 'dashboard' ? 'Remove' : 'Add'} ${WIDGETS[type].title}`}
              onClick={() => place(type, zone === 'dashboard' ? 'available' : 'dashboard')}
            >
              {zone === 'dashboard' ? 'Remove' : 'Add'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <Page
      title="Widget Toolbox"
      lead="Drag widgets onto your dashboard or off it, or use the buttons."
    >
      {dashboard.layout === null ? (
        <Spinner label="Loading your dashboard" />
      ) : (
        <div className="toolbox">
          {list(
            'dashboard',
            'On your dashboard',
            WIDGET_TYPES.filter((t) => onBoard.has(t)),
          )}
          {list(
            'available',
            'Available',
            WIDGET_TYPES.filter((t) => !onBoard.has(t)),
          )}
        </div>
      )}
      <Link to="/bingo" className={buttonClass('secondary')}>
        Go to the dashboard
      </Link>
    </Page>
  );
}
