import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { MenuButtonProps } from './menu-types';
import './menu.css';

/** The Radix menu itself: roving focus, arrow keys, Escape, typeahead. Loaded on first use. */
export function DropdownMenuImpl({
  label,
  triggerClassName,
  items,
  align = 'end',
  defaultOpen,
}: MenuButtonProps & { defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName}>{label}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align={align} sideOffset={6}>
          {items.map((item) => {
            if (item.kind === 'separator') {
              return <DropdownMenu.Separator key={item.id} className="menu__separator" />;
            }
            if (item.kind === 'link') {
              return (
                <DropdownMenu.Item key={item.label} asChild className="menu__item">
                  <Link to={item.to}>{item.label}</Link>
                </DropdownMenu.Item>
              );
            }
            return (
              <DropdownMenu.Item
                key={item.label}
                className={item.tone === 'danger' ? 'menu__item menu__item--danger' : 'menu__item'}
                onSelect={item.onSelect}
              >
                {item.label}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
