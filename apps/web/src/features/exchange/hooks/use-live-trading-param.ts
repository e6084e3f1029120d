import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { writeLiveTradingEnabled } from '../exchange-state';

/**
 * /bingo?liveTrading=true (where exchange connect ends) switches live trading on, and
 * ?liveTrading=false off; the parameter is then cleared from the address, like addWidget.
 */
export function useLiveTradingParam(): void {
  const [params, setParams] = useSearchParams();
  const value = params.get('liveTrading');

  useEffect(() => {
    if (value === null) return;
    if (value === 'true' || value === 'false') writeLiveTradingEnabled(value === 'true');
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('liveTrading');
        return next;
      },
      { replace: true },
    );
  }, [value, setParams]);
}
