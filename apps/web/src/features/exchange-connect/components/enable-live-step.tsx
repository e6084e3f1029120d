import { useNavigate } from 'react-router';
import { Alert, Button } from '@/components';
import { exchangeMessages, useSetLiveTrading, writeCurrentExchange } from '@/features/exchange';

/**
 * Step 4: trade through the new connection and switch live trading on for the user (on the
 * server, so every browser has it), then go to the dashboard (/bingo?liveTrading=true).
 */
export function EnableLiveStep({ connectionId }: { connectionId: string | null }) {
  const navigate = useNavigate();
  const setLiveTrading = useSetLiveTrading();
  const enable = () => {
    writeCurrentExchange(connectionId);
    setLiveTrading.mutate(true, { onSuccess: () => void navigate('/bingo?liveTrading=true') });
  };

  return (
    <div className="stack">
      <p>
        With live trading on, the dashboard reads your balance for the account size and trade size,
        and Trade Idea lists the exchange's markets with their prices.
      </p>
      {setLiveTrading.isError ? (
        <Alert tone="error">{exchangeMessages.enableLiveFailed}</Alert>
      ) : null}
      <div className="row">
        <Button onClick={enable} busy={setLiveTrading.isPending}>
          Enable live trading
        </Button>
      </div>
    </div>
  );
}
