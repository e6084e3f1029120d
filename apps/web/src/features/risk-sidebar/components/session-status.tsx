import type { SessionLock } from '@tb/core';

export const sessionStatusTexts = {
  heading: 'Session ended',
} as const;

/**
 * While core's session lock says the session is ended: a clear "Session ended" with the reason
 * and when trading opens again (the lock's own sentence). Nothing while it is open.
 */
export function SessionStatus({ lock }: { lock: SessionLock }) {
  if (!lock.ended) return null;
  return (
    <div className="risk-sidebar__session" role="status">
      <p className="risk-sidebar__session-heading">
        <strong>{sessionStatusTexts.heading}</strong>
      </p>
      <p>{lock.message}</p>
    </div>
  );
}
