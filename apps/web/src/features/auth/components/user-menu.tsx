import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { MenuButton, type MenuItem } from '@/components';
import { meQueryOptions } from '../api';
import { useLogout } from '../hooks/use-logout';
import './user-menu.css';

/**
 * The signed-in user's menu; its button is named by the username alone. Admins also find the
 * Admin Panel here (the server checks admin status on every admin call regardless).
 */
export function UserMenu({ username }: { username: string }) {
  const logout = useLogout();
  // Reads the user the start-up check loads; the menu itself never adds a request.
  const me = useQuery({ ...meQueryOptions(), enabled: false });
  const items: MenuItem[] = [
    { kind: 'link', label: 'Profile', to: '/profile' },
    { kind: 'link', label: 'Analytics', to: '/analytics' },
    { kind: 'link', label: 'Chat', to: '/chat' },
    { kind: 'link', label: 'Monthly strategy', to: '/strategies' },
    ...(me.data?.isAdmin ? [{ kind: 'link', label: 'Admin Panel', to: '/admin' } as const] : []),
    { kind: 'separator', id: 'account-end' },
    { kind: 'action', label: 'Logout', onSelect: logout, tone: 'danger' },
  ];
  return (
    <MenuButton
      triggerClassName="menu-trigger"
      items={items}
      label={
        <>
          <span className="menu-trigger__avatar" aria-hidden="true">
            {username.slice(0, 1).toUpperCase()}
          </span>
          <span className="menu-trigger__name">{username}</span>
          <ChevronDown className="menu-trigger__caret" size={14} aria-hidden="true" />
        </>
      }
    />
  );
}
