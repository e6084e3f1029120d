import { useId } from 'react';
import { exchangeMessages, useMarketPrices } from '@/features/exchange';
import { formatPrice } from '@/lib/format';

export interface SymbolFieldProps {
  value: string;
  onChange: (symbol: string) => void;
  /** The symbol's current price, or null. */
  livePrice: number | null;
  /** 'Could not fetch price for {symbol}', or null. */
  priceError: string | null;
}

/**
 * The markets to choose from, each with its live price; a text field when the market list
 * cannot be read (a symbol without '-' gets '-USD' when the order is sent).
 */
export function SymbolField({ value, onChange, livePrice, priceError }: SymbolFieldProps) {
  const id = useId();
  const { markets, isError } = useMarketPrices(true);
  const szDecimals = markets.find((m) => m.symbol === value)?.sizeDecimals;
  const hint =
    priceError ??
    (livePrice === null ? null : `Current price: ${formatPrice(livePrice, { szDecimals })}`);
  const control = {
    id,
    className: 'field__control',
    value,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    'aria-invalid': priceError ? true : undefined,
  };

  return (
    <div className={priceError ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        Symbol
      </label>
      {markets.length > 0 ? (
        <select {...control} onChange={(event) => onChange(event.target.value)}>
          {markets.some((m) => m.symbol === value) ? null : <option value={value}>{value}</option>}
          {markets.map((m) => (
            <option key={m.symbol} value={m.symbol}>
              {m.price === null
                ? m.symbol
                : `${m.symbol} — ${formatPrice(m.price, { szDecimals: m.sizeDecimals })}`}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...control}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="BTC or BTC-USD"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {isError ? <p className="field__hint">{exchangeMessages.fetchMarkets}</p> : null}
      {hint ? (
        <p id={`${id}-hint`} className={priceError ? 'field__error' : 'field__hint'}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
