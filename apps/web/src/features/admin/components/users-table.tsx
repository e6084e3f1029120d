import type { AdminUser } from '@tb/core';
import { Badge, Button } from '@/components';
import { daysLeft, formatDate, formatDateTime, planLabel } from './format';

const COLUMNS = [
  'Username',
  'Email',
  'Premium',
  'Admin',
  'Subscription',
  'Trades',
  'Joined',
  'Last active',
  'Actions',
] as const;

export interface UsersTableProps {
  users: readonly AdminUser[];
  meId: string | null;
  /** True while another page or search loads and these are the previous rows. */
  updating: boolean;
  onManage: (user: AdminUser) => void;
}

/** One page of users; scrolls sideways on phones with the username kept in view. */
export function UsersTable({ users, meId, updating, onManage }: UsersTableProps) {
  return (
    <div
      className="admin-scroll"
      role="region"
      aria-labelledby="admin-users-caption"
      tabIndex={0}
      aria-busy={updating || undefined}
    >
      <table className={updating ? 'admin-table admin-table--updating' : 'admin-table'}>
        <caption id="admin-users-caption" className="visually-hidden">
          Users, newest first
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((label) => (
              <th key={label} scope="col" className={label === 'Trades' ? 'admin-num' : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isMe={user.id === meId} onManage={onManage} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({
  user,
  isMe,
  onManage,
}: {
  user: AdminUser;
  isMe: boolean;
  onManage: (user: AdminUser) => void;
}) {
  const sub = user.subscription;
  return (
    <tr>
      <th scope="row" className="admin-table__user">
        {user.username}
        {isMe ? <Badge tone="info">You</Badge> : null}
      </th>
      <td data-label="Email">
        <span className="admin-cell-stack">
          {user.email}
          {user.isEmailVerified ? (
            <Badge tone="long">Verified</Badge>
          ) : (
            <Badge tone="neutral">Unverified</Badge>
          )}
        </span>
      </td>
      <td data-label="Premium">
        {user.isPaidUser ? (
          <span className="admin-cell-stack">
            <Badge tone="accent">Premium</Badge>
            <span className="admin-muted">{user.premiumGranted ? 'granted' : 'subscription'}</span>
          </span>
        ) : (
          <span className="admin-muted">No</span>
        )}
      </td>
      <td data-label="Admin">
        {user.isAdmin ? <Badge tone="info">Admin</Badge> : <span className="admin-muted">No</span>}
      </td>
      <td data-label="Subscription">
        {sub.plan ? (
          <span className="admin-cell-stack">
            <span>
              {planLabel(sub)}
              {sub.active ? null : (
                <span className="admin-muted">
                  {sub.remainingDays > 0 ? ' (cancelled)' : ' (ended)'}
                </span>
              )}
            </span>
            <span className="admin-muted">
              ends {formatDate(sub.endDate)} · {daysLeft(sub.remainingDays)}
            </span>
          </span>
        ) : (
          <span className="admin-muted">None</span>
        )}
      </td>
      <td className="admin-num" data-label="Trades">
        {user.tradeCount}
      </td>
      <td data-label="Joined">{formatDate(user.createdAt)}</td>
      <td data-label="Last active">
        {user.lastActiveAt ? formatDateTime(user.lastActiveAt) : 'Never'}
      </td>
      <td data-label="Actions">
        <Button
          variant="secondary"
          className="admin-table__action"
          aria-label={`Manage ${user.username}`}
          onClick={() => onManage(user)}
        >
          Manage
        </Button>
      </td>
    </tr>
  );
}
