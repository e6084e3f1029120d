import { formatTimeAgo, type UserSession } from '@tb/core';
import { Badge, Button } from '@/components';
import { useDateTimeFormat } from '@/features/journal';

export interface SessionListProps {
  sessions: readonly UserSession[];
  /** Epoch ms the relative times are counted from. */
  now: number;
  onSignOut: (session: UserSession) => void;
  /** The session being signed out, if any. */
  signingOutId: string | null;
}

const address = (session: UserSession) => session.ipAddress ?? 'Unknown address';

/**
 * The signed-in devices: what each is, where it signed in from, when it was last seen (in
 * words, the full time in the title), and a "Sign out" for every one but this device.
 */
export function SessionList({ sessions, now, onSignOut, signingOutId }: SessionListProps) {
  const when = useDateTimeFormat();
  return (
    <ul className="sessions__list">
      {sessions.map((session) => {
        return (
          <li key={session.id} className="sessions__item">
            <div className="sessions__item-head">
              <h3 className="sessions__device">{session.device}</h3>
              {session.current ? <Badge tone="accent">This device</Badge> : null}
            </div>
            <dl className="profile-facts sessions__facts">
              <dt>Address</dt>
              <dd className="sessions__address">{address(session)}</dd>
              <dt>Last seen</dt>
              <dd>
                <time dateTime={session.lastSeenAt} title={when.dateTime(session.lastSeenAt)}>
                  {session.current ? 'Active now' : formatTimeAgo(session.lastSeenAt, now)}
                </time>
              </dd>
              <dt>Signed in</dt>
              <dd>
                <time dateTime={session.createdAt}>{when.dateTime(session.createdAt)}</time>
              </dd>
            </dl>
            {session.current ? null : (
              <div className="row">
                <Button
                  variant="secondary"
                  busy={signingOutId === session.id}
                  aria-label={`Sign out ${session.device} (${session.ipAddress ?? 'unknown address'})`}
                  onClick={() => onSignOut(session)}
                >
                  {signingOutId === session.id ? 'Signing out...' : 'Sign out'}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
