import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@tb/core';
import { Badge, Button, Card, type BadgeTone } from '@/components';
import { resendMessages, resendVerificationMutationOptions } from '@/features/auth';

/**
 * The one role label of SPEC.md's badges: Admin User, else Premium User, else Normal User (an
 * admin is never also shown as a normal user; the subscription card shows the plan).
 */
export function roleLabel(user: Pick<PublicUser, 'isAdmin' | 'isPaidUser'>): {
  text: string;
  tone: BadgeTone;
} {
  if (user.isAdmin) return { text: 'Admin User', tone: 'accent' };
  if (user.isPaidUser) return { text: 'Premium User', tone: 'long' };
  return { text: 'Normal User', tone: 'neutral' };
}

export function AccountCard({ user }: { user: PublicUser }) {
  const resend = useMutation({
    ...resendVerificationMutationOptions(),
    meta: { successMessage: resendMessages.sent, errorMessage: resendMessages.failed },
  });

  const role = roleLabel(user);
  return (
    <Card as="section" className="profile-card" labelledBy="account-card-title">
      <h2 id="account-card-title" className="profile-card__title">
        Account
      </h2>
      <div className="row">
        <Badge tone={role.tone}>{role.text}</Badge>
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
