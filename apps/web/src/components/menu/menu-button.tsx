import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import type { MenuButtonProps } from './menu-types';

const loadMenu = () => import('./dropdown-menu');
const DropdownMenuImpl = lazy(() => loadMenu().then((m) => ({ default: m.DropdownMenuImpl })));

/**
 * A menu button whose Radix menu (about 30 KB gzip with its positioning engine) loads on first
 * hover, focus or use, so pages that never open a menu do not pay for it.
 */
export function MenuButton(props: MenuButtonProps) {
  const [activated, setActivated] = useState(false);

  const placeholder = (interactive: boolean) => (
    <button
      type="button"
      className={props.triggerClassName}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={interactive ? () => setActivated(true) : undefined}
      onKeyDown={
        interactive
          ? (event: KeyboardEvent) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setActivated(true);
              }
            }
          : undefined
      }
    >
      {props.label}
    </button>
  );

  if (!activated) return placeholder(true);
  return (
    <Suspense fallback={placeholder(false)}>
      <DropdownMenuImpl {...props} defaultOpen />
    </Suspense>
  );
}
