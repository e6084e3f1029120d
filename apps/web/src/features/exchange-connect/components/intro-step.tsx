import { Link } from 'react-router';
import { Alert, Button, buttonClass } from '@/components';
import { connectionLabel, useExchangeConnection } from '@/features/exchange';

/** Step 1: what connecting does and what it needs. */
export function IntroStep({ onStart }: { onStart: () => void }) {
  const { current } = useExchangeConnection();
  return (
    <div className="stack">
      <p>
        Connect your Hyperliquid account to see your USDC balance as your account size, pick markets
        with live prices in Trade Idea, and place orders from the app.
      </p>
      <ul className="connect-page__list">
        <li>
          On Hyperliquid, create an <strong>API wallet</strong> (More → API). Its address is your
          API key; its private key is your API secret. An API wallet can trade but cannot withdraw.
        </li>
        <li>Your wallet address is the address of your Hyperliquid account.</li>
        <li>The private key is encrypted on our server and never shown again.</li>
        <li>No account yet? A paper account works the same way, with 10,000 paper USDC.</li>
      </ul>
      {current ? (
        <Alert tone="info">
          You are already connected to {connectionLabel(current)}.{' '}
          <Link to="/hyperliquid-test">Open live trading</Link>
        </Alert>
      ) : null}
      <div className="row">
        <Button onClick={onStart}>Get started</Button>
        <Link to="/bingo" className={buttonClass('ghost')}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
