import type { ConnectedExchange } from '@tb/core';
import { Alert, Button } from '@/components';
import { connectionLabel, exchangeMessages } from '@/features/exchange';

/** Step 3, success: which connection was made. */
export function SuccessStep({
  connection,
  exchangeName,
  onContinue,
}: {
  connection: ConnectedExchange | null;
  exchangeName: string;
  onContinue: () => void;
}) {
  return (
    <div className="stack">
      <Alert tone="success">
        Connected to {connection ? connectionLabel(connection) : exchangeName}.
      </Alert>
      <p>
        {connection?.network === 'paper'
          ? 'Your paper account holds 10,000 paper USDC. Trade it as you would a real one.'
          : 'Your keys work. Next, switch live trading on to use this account on the dashboard.'}
      </p>
      <div className="row">
        <Button onClick={onContinue}>Continue</Button>
      </div>
    </div>
  );
}

/** Step 3, error: 'Failed to connect to exchange' with the server's reason; back to the keys. */
export function ErrorStep({ reason, onBack }: { reason: string; onBack: () => void }) {
  return (
    <div className="stack">
      <Alert tone="error">
        <strong>{exchangeMessages.connectFailed}</strong>
        {reason ? <p className="connect-page__reason">{reason}</p> : null}
      </Alert>
      <p>Check the keys and the network, then try again.</p>
      <div className="row">
        <Button onClick={onBack}>Back to API keys</Button>
      </div>
    </div>
  );
}
