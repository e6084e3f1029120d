import { MenuButton, type MenuItem } from '@/components';

const items: MenuItem[] = [{ kind: 'link', label: 'Widget Toolbox', to: '/widget-toolbox' }];

/** Desktop widget toolbox entry; the drag-and-drop list lives on its own page for now. */
export function WidgetsMenu() {
  return (
    <MenuButton
      triggerClassName="topbar__link"
      items={items}
      label={
        <>
          Widgets
          <span className="topbar__caret" aria-hidden="true">
            ▾
          </span>
        </>
      }
    />
  );
}
