import { Link } from 'react-router';
import { Alert } from '@/components';
import type { TradingLock } from '../hooks/use-session-lock';

export const sessionEndedTexts = {
  heading: 'Trading session ended',
  still: 'Closing positions and cancelling orders still work.',
} as const;

/**
 * Shown while the session is ended (core's lock, or the server's 403 SESSION_ENDED): why and
 * when trading opens again, how to come back early when that is possible (the grass reset,
 * after 3 stoplosses only), and what still works.
 */
export function SessionEndedBanner({ lock }: { lock: TradingLock }) {
  const grass = lock.reason === 'STOPLOSSES' && lock.grassAt !== null;
  return (
    <Alert tone="warning" banner>
      <p className="session-ended__heading">
        <strong>{sessionEndedTexts.heading}</strong>
      </p>
      <p>{lock.message}</p>
      {grass ? (
        <p>
          To come back after your break, answer &ldquo;Did you touch some grass?&rdquo; with Yes on
          the stoploss counter of the <Link to="/bingo">bingo dashboard</Link>.
        </p>
      ) : null}
      <p>{sessionEndedTexts.still}</p>
    </Alert>
  );
}
