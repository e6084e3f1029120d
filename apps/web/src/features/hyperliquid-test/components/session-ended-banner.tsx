import { Link } from 'react-router';
import { Alert } from '@/components';

export const sessionEndedTexts = {
  heading: 'Trading session ended',
  body: 'You have reached the limit for today: 3 stoploss trades or the maximum number of trades per day. New orders are refused until tomorrow.',
  still: 'Closing positions and cancelling orders still work.',
} as const;

/**
 * Shown, and kept, after the server refuses an order with 403 SESSION_ENDED (DESIGN.md
 * section 1): why, how to come back, and what still works.
 */
export function SessionEndedBanner() {
  return (
    <Alert tone="warning" banner>
      <p className="session-ended__heading">
        <strong>{sessionEndedTexts.heading}</strong>
      </p>
      <p>{sessionEndedTexts.body}</p>
      <p>
        Come back tomorrow, or reset the stoploss counter from the risk sidebar of the{' '}
        <Link to="/bingo">bingo dashboard</Link>: answer &ldquo;Did you touch some grass?&rdquo;
        with Yes.
      </p>
      <p>{sessionEndedTexts.still}</p>
    </Alert>
  );
}
