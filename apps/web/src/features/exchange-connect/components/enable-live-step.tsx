import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from '@/components';
import { enableLiveTrading, exchangeMessages } from '@/features/exchange';

/**
 * Step 4: switch live trading on through the new connection, then go to the dashboard with
 * live trading on (/bingo?liveTrading=true).
 */
export function EnableLiveStep({ connectionId }: { connectionId: string | null }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const enable = () => {
    if (!enableLiveTrading(connectionId)) return setFailed(true);
    void navigate('/bingo?liveTrading=true');
  };

  return (
    <div className="stack">
      <p>
        With live trading on, the dashboard reads your balance for the account size and trade size,
        and Trade Idea lists the exchange's markets with their prices.
      </p>
      {failed ? <Alert tone="error">{exchangeMessages.enableLiveFailed}</Alert> : null}
      <div className="row">
        <Button onClick={enable}>Enable live trading</Button>
      </div>
    </div>
  );
}
