import { adminMessages, type AdminUser } from '@tb/core';
import { useId } from 'react';
import { Button, type ButtonVariant } from '@/components';
import {
  adminStatusMutationOptions,
  premiumStatusMutationOptions,
  sendVerificationMutationOptions,
} from '../api';
import { useAdminMutation } from '../hooks/use-admin-mutation';
import { formatDate } from './format';

/** The views an action opens in place of the list. */
export type UserView = 'email' | 'username' | 'subscription';

function premiumNote(user: AdminUser): string {
  if (user.premiumGranted) {
    return user.subscription.active
      ? `Premium is granted by an admin. Revoking it keeps the subscription until ${formatDate(user.subscription.endDate)}.`
      : 'Premium is granted by an admin, without end date.';
  }
  return user.isPaidUser
    ? `Premium through a subscription until ${formatDate(user.subscription.endDate)}. Granting makes it permanent.`
    : 'Gives premium without end date, independent of subscriptions.';
}

export interface UserActionsProps {
  user: AdminUser;
  isMe: boolean;
  /** The action to focus on return from its view. */
  focusOn: UserView | null;
  onOpen: (view: UserView) => void;
  onDelete: () => void;
  deleting: boolean;
}

export function UserActions({ user, isMe, focusOn, onOpen, onDelete, deleting }: UserActionsProps) {
  const premium = useAdminMutation(premiumStatusMutationOptions());
  const admin = useAdminMutation(adminStatusMutationOptions());
  const verify = useAdminMutation(sendVerificationMutationOptions());
  const ownAdmin = isMe && user.isAdmin;

  return (
    <ul className="admin-actions">
      <Action
        label={user.premiumGranted ? 'Revoke premium' : 'Grant premium'}
        note={premiumNote(user)}
        busy={premium.isPending}
        onClick={() => premium.mutate({ userId: user.id, isPaidUser: !user.premiumGranted })}
      />
      <Action
        label={user.isAdmin ? 'Remove admin' : 'Make admin'}
        note={
          ownAdmin
            ? adminMessages.ownAdminStatus
            : user.isAdmin
              ? 'Takes away access to this panel.'
              : 'Gives full access to this panel.'
        }
        disabled={ownAdmin}
        busy={admin.isPending}
        onClick={() => admin.mutate({ userId: user.id, isAdmin: !user.isAdmin })}
      />
      <Action
        label="Edit email"
        note="The new address stays unverified until its owner confirms it."
        autoFocus={focusOn === 'email'}
        onClick={() => onOpen('email')}
      />
      <Action
        label="Send verification email"
        note={
          user.isEmailVerified
            ? adminMessages.alreadyVerified
            : `Sends a new verification link to ${user.email}.`
        }
        disabled={user.isEmailVerified}
        busy={verify.isPending}
        onClick={() => verify.mutate({ userId: user.id, email: user.email })}
      />
      <Action
        label="Edit username"
        autoFocus={focusOn === 'username'}
        onClick={() => onOpen('username')}
      />
      <Action
        label="Manage subscription"
        note="Add a plan, set the end date or cancel."
        autoFocus={focusOn === 'subscription'}
        onClick={() => onOpen('subscription')}
      />
      <Action
        label="Delete user"
        variant="danger"
        note={
          isMe
            ? adminMessages.ownAccountDelete
            : 'Removes the account with its boards, trades, keys and subscription.'
        }
        disabled={isMe}
        busy={deleting}
        onClick={onDelete}
      />
    </ul>
  );
}

interface ActionProps {
  label: string;
  note?: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
  autoFocus?: boolean;
  variant?: ButtonVariant;
}

/** A button with the sentence that explains it (and why it is disabled). */
function Action({ label, note, variant = 'secondary', ...button }: ActionProps) {
  const noteId = useId();
  return (
    <li className="admin-action">
      <Button variant={variant} aria-describedby={note ? noteId : undefined} {...button}>
        {label}
      </Button>
      {note ? (
        <p className="admin-action__note" id={noteId}>
          {note}
        </p>
      ) : null}
    </li>
  );
}
