import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNow } from '@/lib/use-now';
import {
  profileMessages,
  sessionsQueryOptions,
  signOutOtherSessionsMutationOptions,
  signOutSessionMutationOptions,
} from '../api';
import { SessionList } from './session-list';
import './sessions.css';

const CONFIRM_OTHERS =
  'Sign out every other device signed in to your account? This device stays signed in.';

/**
 * Profile → Sessions (issue 29): the devices signed in to the account, with a sign-out for
 * each other one and for all of them at once (after a confirmation). A device signed out here
 * is refused at its next request and lands on Home, asked to log in.
 */
export function SessionsCard() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const signOut = useMutation(signOutSessionMutationOptions(client));
  const signOutOthers = useMutation(signOutOtherSessionsMutationOptions(client));
  const [confirming, setConfirming] = useState(false);
  const now = useNow(30_000);

  return (
    <Card as="section" className="profile-card sessions" labelledBy="sessions-card-title">
      <h2 id="sessions-card-title" className="profile-card__title">
        Sessions
      </h2>
      <QueryStatus
        query={sessions}
        loading="Loading your sessions..."
        error={profileMessages.sessionsFailed}
        empty={<p className="profile-card__empty">No signed-in devices to show.</p>}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <div className="stack">
            <SessionList
              sessions={list}
              now={now}
              signingOutId={signOut.isPending ? (signOut.variables?.id ?? null) : null}
              onSignOut={(s) => signOut.mutate({ id: s.id, device: s.device })}
            />
            {list.some((s) => !s.current) ? (
              <div className="row">
                <Button
                  variant="danger"
                  busy={signOutOthers.isPending}
                  onClick={() => setConfirming(true)}
                >
                  Sign out all other devices
                </Button>
              </div>
            ) : (
              <p className="profile-card__empty">No other devices are signed in.</p>
            )}
          </div>
        )}
      </QueryStatus>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out other devices"
        message={CONFIRM_OTHERS}
        confirmLabel="Sign out"
        onConfirm={() => signOutOthers.mutate()}
      />
    </Card>
  );
}
