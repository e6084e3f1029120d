import { DEFAULT_CHART_SYMBOL, symbolBase } from '@tb/core';
import { formatPrice } from '@/lib/format';
import { useId } from 'react';
import type { MarketPrice } from '@/features/exchange';

const price = (m: MarketPrice) =>
  m.price === null ? '…' : `$${formatPrice(m.price, { szDecimals: m.sizeDecimals })}`;

/** The market of a stored pair: the same symbol, else the same base ('BTCUSD' → BTC-USD). */
export function findMarket(markets: readonly MarketPrice[], symbol: string): MarketPrice | null {
  const exact = markets.find((m) => m.symbol === symbol);
  if (exact) return exact;
  const base = symbolBase(symbol)?.toUpperCase();
  return base ? (markets.find((m) => m.base.toUpperCase() === base) ?? null) : null;
}

export interface MarketSelectProps {
  markets: readonly MarketPrice[];
  value: string;
  onChange: (symbol: string) => void;
  loading: boolean;
  exchangeName: string;
}

/** The trading pair as a list of the exchange's markets with their current prices. */
export function MarketSelect({
  markets,
  value,
  onChange,
  loading,
  exchangeName,
}: MarketSelectProps) {
  const id = useId();
  // No pair yet: the chart's default (BTCUSD) is what Open Chart would show.
  const selected = findMarket(markets, value.trim() || DEFAULT_CHART_SYMBOL);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Trading pair
      </label>
      <select
        id={id}
        className="field__control"
        value={selected?.symbol ?? ''}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      >
        {selected ? null : (
          <option value="" disabled>
            {loading ? 'Loading markets...' : 'Choose a market'}
          </option>
        )}
        {markets.map((market) => (
          <option key={market.symbol} value={market.symbol}>
            {`${market.symbol} · ${price(market)}`}
          </option>
        ))}
      </select>
      <p className="field__hint" id={`${id}-hint`}>
        {selected?.price != null
          ? `Last price ${price(selected)} on ${exchangeName}`
          : `Markets of ${exchangeName}`}
      </p>
    </div>
  );
}
