import { TIMERS_MS, WIDGET_TYPES, WIDGETS, widgetTypeOf, type WidgetType } from '@tb/core';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MenuButton, type MenuItem } from '@/components';

/**
 * The browser-stored list of widget ids on the dashboard (SPEC.md section 3 `activeWidgets`),
 * written by the dashboard. Read here directly so the top bar does not load the dashboard.
 */
const ACTIVE_WIDGETS_KEY = 'activeWidgets';

function readActiveTypes(): string {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(ACTIVE_WIDGETS_KEY) ?? '[]');
    if (!Array.isArray(ids)) return '';
    return ids
      .map((id) => (typeof id === 'string' ? widgetTypeOf(id) : null))
      .filter(Boolean)
      .sort()
      .join(',');
  } catch {
    return '';
  }
}

/** The widget types on the dashboard; re-read on change and every second (SPEC.md section 9). */
function useActiveWidgetTypes(): ReadonlySet<string> {
  const [types, setTypes] = useState(readActiveTypes);
  useEffect(() => {
    const update = () => setTypes(readActiveTypes());
    const timer = setInterval(update, TIMERS_MS.widgetPoll);
    window.addEventListener('activewidgetschange', update);
    window.addEventListener('storage', update);
    return () => {
      clearInterval(timer);
      window.removeEventListener('activewidgetschange', update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return new Set(types.split(','));
}

function toggleItem(type: WidgetType, active: boolean): MenuItem {
  const title = WIDGETS[type].title;
  return active
    ? { kind: 'link', label: `Remove ${title}`, to: `/bingo?removeWidget=${type}` }
    : { kind: 'link', label: `Add ${title}`, to: `/bingo?addWidget=${type}` };
}

/**
 * Desktop widget toolbox: add or remove each widget, reset the layout (the dashboard asks to
 * confirm), and the drag-and-drop toolbox page.
 */
export function WidgetsMenu() {
  const active = useActiveWidgetTypes();
  const items: MenuItem[] = [
    ...WIDGET_TYPES.map((type) => toggleItem(type, active.has(type))),
    { kind: 'separator', id: 'toolbox' },
    { kind: 'link', label: 'Reset layout', to: '/bingo?resetLayout=1' },
    { kind: 'link', label: 'Widget Toolbox', to: '/widget-toolbox' },
  ];
  return (
    <MenuButton
      triggerClassName="topbar__link"
      items={items}
      label={
        <>
          Widgets
          <ChevronDown className="topbar__caret" aria-hidden="true" size={14} />
        </>
      }
    />
  );
}
