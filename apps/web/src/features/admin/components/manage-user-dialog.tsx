import { adminMessages, type AdminUser } from '@tb/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { deleteUserMutationOptions } from '../api';
import { useAdminMutation } from '../hooks/use-admin-mutation';
import { EditFieldForm } from './edit-field-form';
import { SubscriptionPanel } from './subscription-panel';
import { UserActions, type UserView } from './user-actions';

function titleOf(view: UserView | 'actions', username: string): string {
  switch (view) {
    case 'email':
      return `Edit email of ${username}`;
    case 'username':
      return `Edit username of ${username}`;
    case 'subscription':
      return `Subscription of ${username}`;
    default:
      return `Manage ${username}`;
  }
}

/**
 * One dialog per user: the list of actions, and in its place the email, username or
 * subscription view; Back returns focus to the action that opened it.
 */
export function ManageUserDialog({
  user,
  isMe,
  onClose,
}: {
  user: AdminUser;
  isMe: boolean;
  onClose: () => void;
}) {
  const [view, setView] = useState<UserView | 'actions'>('actions');
  const [returnTo, setReturnTo] = useState<UserView | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useAdminMutation(deleteUserMutationOptions(), onClose);

  const open = (next: UserView) => {
    setReturnTo(next);
    setView(next);
  };
  const back = () => setView('actions');

  return (
    <>
      <Dialog
        open
        onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
        title={titleOf(view, user.username)}
        description={user.email}
        size="md"
      >
        {view === 'actions' ? (
          <UserActions
            user={user}
            isMe={isMe}
            focusOn={returnTo}
            onOpen={open}
            onDelete={() => setConfirmDelete(true)}
            deleting={remove.isPending}
          />
        ) : null}
        {view === 'email' || view === 'username' ? (
          <EditFieldForm field={view} user={user} onDone={back} onCancel={back} />
        ) : null}
        {view === 'subscription' ? <SubscriptionPanel user={user} onBack={back} /> : null}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete user"
        message={adminMessages.deleteConfirm(user.username)}
        confirmLabel="Delete user"
        onConfirm={() => remove.mutate({ userId: user.id, username: user.username })}
      />
    </>
  );
}
