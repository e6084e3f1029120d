import { connectionLabel, useExchangeConnection, useMarketPrices } from '@/features/exchange';
import { TextField } from '@/components';
import { MarketSelect } from './market-select';

export interface TradingPairFieldProps {
  value: string;
  onChange: (symbol: string) => void;
}

/**
 * Free text, uppercased (SPEC.md section 2) — or, with live trading on an exchange, a list of
 * its markets with their prices (SPEC.md: "a dropdown with price when an exchange is
 * connected"). If the markets cannot be read, free text again.
 */
export function TradingPairField({ value, onChange }: TradingPairFieldProps) {
  const { live, current } = useExchangeConnection();
  const { markets, isLoading, isError } = useMarketPrices(live);

  if (live && current && !isError) {
    return (
      <MarketSelect
        markets={markets}
        value={value}
        onChange={onChange}
        loading={isLoading}
        exchangeName={connectionLabel(current)}
      />
    );
  }
  return (
    <TextField
      label="Trading pair"
      placeholder="Enter trading pair (e.g BTCUSD)"
      value={value}
      onChange={(event) => onChange(event.target.value.toUpperCase())}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      maxLength={40}
      hint={live && isError ? 'Failed to fetch markets' : undefined}
    />
  );
}
