import { formatPercent, formatUsd } from '@/lib/format';
import { useId } from 'react';
import type { TradingPair } from '@/features/trade-idea';
import type { TradePreview } from '../hooks/use-trade-form';

const sourceText: Record<TradingPair['source'], string> = {
  typed: 'from Trade Idea',
  exchange: 'live market',
  default: 'default',
};

/** The pair the trade is saved with, and where it comes from. */
export function PairLine({ pair }: { pair: TradingPair }) {
  return (
    <p className="trade-form__pair">
      <span className="trade-form__pair-source">Pair · {sourceText[pair.source]}</span>
      <strong data-testid="trade-pair">{pair.pair}</strong>
    </p>
  );
}

export interface SizeFieldProps {
  value: string;
  onChange: (value: string) => void;
  maxSizeUsd: number;
  error: string | null;
}

/** The position size in USD: empty takes the suggested size; smaller is allowed, never larger. */
export function SizeField({ value, onChange, maxSizeUsd, error }: SizeFieldProps) {
  const id = useId();
  return (
    <div className="trade-form__field">
      <label htmlFor={id}>Size ($)</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        className="trade-form__input"
        min={0}
        max={maxSizeUsd}
        step="any"
        placeholder={String(maxSizeUsd)}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-note`} className={error ? 'trade-form__note' : 'visually-hidden'}>
        {error ?? `Suggested ${formatUsd(maxSizeUsd)}`}
      </span>
    </div>
  );
}

export interface TradeFactsProps {
  preview: TradePreview | null;
  rr: string;
  tier: number;
}

/** Size, risk in USD and % of the account, and R/R: announced as they change. */
export function TradeFacts({ preview, rr, tier }: TradeFactsProps) {
  const pct = preview?.riskPct;
  return (
    <dl className="trade-form__facts" aria-live="polite" aria-label="Trade summary">
      <div>
        <dt>Size</dt>
        <dd>{preview ? formatUsd(preview.sizeUsd) : '—'}</dd>
      </div>
      <div>
        <dt>Risk</dt>
        <dd>
          {preview ? formatUsd(preview.riskUsd) : '—'}
          {pct != null ? <small> ({formatPercent(pct, 2)} of account)</small> : null}
        </dd>
      </div>
      <div>
        <dt>R/R</dt>
        <dd>
          <output aria-label="Risk/reward">{rr}</output>
          <small> tier {tier}R</small>
        </dd>
      </div>
    </dl>
  );
}
