import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSetLiveTrading } from './use-live-trading';

/**
 * /bingo?liveTrading=true (where exchange connect ends) switches live trading on, and
 * ?liveTrading=false off (for the user, on the server); the parameter is then cleared from the
 * address, like addWidget.
 */
export function useLiveTradingParam(): void {
  const [params, setParams] = useSearchParams();
  const value = params.get('liveTrading');
  const { mutate: setLiveTrading } = useSetLiveTrading();

  useEffect(() => {
    if (value === null) return;
    if (value === 'true' || value === 'false') setLiveTrading(value === 'true');
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('liveTrading');
        return next;
      },
      { replace: true },
    );
  }, [value, setParams, setLiveTrading]);
}
