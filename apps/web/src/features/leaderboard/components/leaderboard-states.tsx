import { LEADERBOARD_MAX_RR } from '@tb/core';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components';

/** No trader has closed a trade yet: say how to get on the board. */
export function LeaderboardEmpty({
  signedIn,
  verifiedOnly = false,
  onShowAll,
}: {
  signedIn: boolean;
  /** The verified view: say how a result gets verified, offer the self-reported view. */
  verifiedOnly?: boolean;
  onShowAll?: () => void;
}) {
  if (verifiedOnly)
    return (
      <div className="lb-empty">
        <p className="lb-empty__title">No verified results yet</p>
        <p className="lb-empty__text">
          A result is verified when Hyperliquid&apos;s fills close the trade: place a trade on
          Hyperliquid from Trade Details and let its target or stop fill.
        </p>
        <Button variant="secondary" onClick={onShowAll}>
          Show self-reported results
        </Button>
      </div>
    );
  return (
    <div className="lb-empty">
      <p className="lb-empty__title">No trades recorded yet</p>
      <p className="lb-empty__text">
        {signedIn ? 'Record' : 'Sign in, record'} a trade on the Bingo dashboard and close it
        (target hit or stoploss hit): every trader with a closed trade is ranked here.
      </p>
      <Link to="/bingo" className={buttonClass('secondary')}>
        Go to Bingo
      </Link>
    </div>
  );
}

/** How the colours read, what one trade can weigh, and how to leave the board. */
export function LeaderboardNotes() {
  return (
    <div className="lb-notes">
      <p className="lb-legend">
        <span>Avg R colours:</span>
        <span className="lb-rr--golden">golden 3 or more</span>
        <span className="lb-rr--purple">purple 1.5 to 3</span>
        <span className="lb-rr--normal">normal 1 to 1.5</span>
        <span className="lb-rr--bad">red below 1</span>
      </p>
      <p>
        Avg R is the realised R per trade: what each closed trade made for each dollar it risked (a
        stop is -1R), not the R/R it planned. Gain is the dollars closed trades made; one
        trade&apos;s gain counts at most its own position size, and one R at most{' '}
        {LEADERBOARD_MAX_RR}R. So no single trade carries the board.
      </p>
      <p>
        Verified results were closed by the exchange&apos;s own fills, not typed in, and are shown
        by default; self-reported results are ranked apart. The badge marks traders whose closed
        trades all were verified.
      </p>
      <p>
        Traders appear once they close a trade; the top 100 are shown. Prefer not to be listed? You
        can leave the leaderboard from your <Link to="/profile">profile</Link>.
      </p>
    </div>
  );
}
