import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@tb/core';
import { Badge, Button, Card } from '@/components';
import { resendMessages, resendVerificationMutationOptions } from '@/features/auth';

/** SPEC.md's badges: Admin User for admins, and Premium User or Normal User for everyone. */
function roleBadges(user: PublicUser) {
  return (
    <>
      {user.isAdmin ? <Badge tone="accent">Admin User</Badge> : null}
      {user.isPaidUser ? <Badge tone="long">Premium User</Badge> : <Badge>Normal User</Badge>}
    </>
  );
}

export function AccountCard({ user }: { user: PublicUser }) {
  const resend = useMutation({
    ...resendVerificationMutationOptions(),
    meta: { successMessage: resendMessages.sent, errorMessage: resendMessages.failed },
  });

  return (
    <Card as="section" className="profile-card" labelledBy="account-card-title">
      <h2 id="account-card-title" className="profile-card__title">
        Account
      </h2>
      <div className="row">
        {roleBadges(user)}
        {user.isEmailVerified ? (
          <Badge tone="long">Email Verified</Badge>
        ) : (
          <Badge tone="short">Email not verified</Badge>
        )}
      </div>
      <dl className="profile-facts">
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      {user.isEmailVerified ? null : (
        <div>
          <Button
            variant="secondary"
            busy={resend.isPending}
            disabled={resend.isSuccess}
            onClick={() => resend.mutate({ email: user.email })}
          >
            {resend.isPending ? 'Sending...' : 'Resend verification email'}
          </Button>
        </div>
      )}
    </Card>
  );
}
