import { useQuery } from '@tanstack/react-query';
import { normalizeOrderSymbol } from '@tb/core';
import { useState } from 'react';
import { Button, TextField } from '@/components';
import { marketsQueryOptions } from '@/features/exchange';
import type { TradingActions } from '../hooks/use-trading-actions';

/** The most any market allows when the market list does not say (the server's bound). */
const FALLBACK_MAX_LEVERAGE = 100;

/** Leverage of the chosen symbol: a whole number from 1 to the market's maximum, then Set. */
export function LeverageControl({ symbol, actions }: { symbol: string; actions: TradingActions }) {
  const [value, setValue] = useState('');
  const markets = useQuery(marketsQueryOptions());
  const normalized = normalizeOrderSymbol(symbol);
  const max =
    markets.data?.find((m) => m.symbol === normalized)?.maxLeverage ?? FALLBACK_MAX_LEVERAGE;
  const leverage = Number(value);
  const valid = Number.isInteger(leverage) && leverage >= 1 && leverage <= max;

  return (
    <div className="leverage-control">
      <TextField
        label={`Leverage (1–${max}x)`}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        placeholder="1"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={value && !valid ? `Leverage must be a whole number from 1 to ${max}` : undefined}
      />
      <Button
        variant="secondary"
        aria-label="Set leverage"
        disabled={!valid || normalized === null}
        busy={actions.settingLeverage}
        onClick={() => normalized && actions.setLeverage({ leverage, symbol: normalized })}
      >
        Set
      </Button>
    </div>
  );
}
