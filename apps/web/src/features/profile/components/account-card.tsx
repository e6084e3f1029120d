import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@tb/core';
import { Badge, Button, Card, type BadgeTone } from '@/components';
import { EmailText } from '@/components/email-text';
import { resendMessages, resendVerificationMutationOptions } from '@/features/auth';

/**
 * SPEC.md's role badges: Admin User and Premium User, each when it holds (an admin granted
 * premium shows both, issue 26), else Normal User. The subscription card shows the plan.
 */
export function roleBadges(
  user: Pick<PublicUser, 'isAdmin' | 'isPaidUser'>,
): Array<{ text: string; tone: BadgeTone }> {
  const badges: Array<{ text: string; tone: BadgeTone }> = [];
  if (user.isAdmin) badges.push({ text: 'Admin User', tone: 'accent' });
  if (user.isPaidUser) badges.push({ text: 'Premium User', tone: 'long' });
  return badges.length > 0 ? badges : [{ text: 'Normal User', tone: 'neutral' }];
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
        {roleBadges(user).map((badge) => (
          <Badge key={badge.text} tone={badge.tone}>
            {badge.text}
          </Badge>
        ))}
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
        <dd>
          <EmailText email={user.email} />
        </dd>
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
