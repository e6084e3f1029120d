import { subscriptionStatus, type AdminUser } from '@tb/core';
import { Badge, Button } from '@/components';
import { EmailText } from '@/components/email-text';
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

/** One page of users; on wide screens the username stays in view, on phones rows are cards. */
export function UsersTable({ users, meId, updating, onManage }: UsersTableProps) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-labelledby="admin-users-caption"
      tabIndex={0}
      aria-busy={updating || undefined}
    >
      <table
        className={`data-table data-table--stack data-table--sticky-first admin-table admin-table--users${updating ? ' data-table--updating' : ''}`}
      >
        <caption id="admin-users-caption" className="visually-hidden">
          Users, newest first
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((label) => (
              <th key={label} scope="col" className={label === 'Trades' ? 'num' : undefined}>
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
          <EmailText email={user.email} />
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
            <span className="muted">{user.premiumGranted ? 'granted' : 'subscription'}</span>
          </span>
        ) : (
          <span className="muted">No</span>
        )}
      </td>
      <td data-label="Admin">
        {user.isAdmin ? <Badge tone="info">Admin</Badge> : <span className="muted">No</span>}
      </td>
      <td data-label="Subscription">
        {sub.plan ? (
          <span className="admin-cell-stack">
            <span>
              {planLabel(sub)}
              {sub.active ? null : (
                <span className="muted">
                  {subscriptionStatus(sub) === 'cancelled' ? ' (cancelled)' : ' (ended)'}
                </span>
              )}
            </span>
            <span className="muted">
              ends {formatDate(sub.endDate)} · {daysLeft(sub.remainingDays)}
            </span>
          </span>
        ) : (
          <span className="muted">None</span>
        )}
      </td>
      <td className="num" data-label="Trades">
        {user.tradeCount}
      </td>
      <td className="admin-table__date" data-label="Joined">
        {formatDate(user.createdAt)}
      </td>
      <td data-label="Last active">
        {user.lastActiveAt ? formatDateTime(user.lastActiveAt) : 'Never'}
      </td>
      <td data-label="Actions">
        <Button
          variant="secondary"
          className="data-table__action"
          aria-label={`Manage ${user.username}`}
          onClick={() => onManage(user)}
        >
          Manage
        </Button>
      </td>
    </tr>
  );
}
