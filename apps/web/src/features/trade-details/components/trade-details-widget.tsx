import { PRICE_INPUT } from '@tb/core';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useOpenTradeCount } from '@/features/journal';
import { useTradeForm } from '../hooks/use-trade-form';
import { TargetField } from './target-field';
import './trade-details.css';

const TradeHistoryDialog = lazy(() =>
  import('./trade-history-dialog').then((m) => ({ default: m.TradeHistoryDialog })),
);

function PriceField(props: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="trade-form__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        className="trade-form__input"
        {...PRICE_INPUT}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** Trade details: side, stoploss, entry, target (computed from the tier), R/R and Save. */
export function TradeDetailsWidget() {
  const form = useTradeForm();
  const openCount = useOpenTradeCount();
  const [historyOpen, setHistoryOpen] = useState(false);
  const side = form.isLong ? 'Long' : 'Short';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form className="trade-form" onSubmit={submit} aria-label="Trade details">
      <div className="trade-form__sides" role="group" aria-label="Side">
        {(['Long', 'Short'] as const).map((label) => (
          <button
            key={label}
            type="button"
            className={`trade-form__side trade-form__side--${label.toLowerCase()}`}
            aria-pressed={side === label}
            onClick={() => form.setIsLong(label === 'Long')}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="trade-form__prices">
        <PriceField label="Stoploss" value={form.stopLoss} onChange={form.setStopLoss} />
        <PriceField label="Entry" value={form.entry} onChange={form.setEntry} />
        <TargetField
          value={form.target}
          manual={form.manual}
          onManualChange={form.setManualTarget}
          onEnableManual={form.enableManual}
          onDisableManual={form.disableManual}
        />
      </div>
      <p className="trade-form__rr">
        R/R <output aria-label="Risk/reward">{form.rr}</output>
        <span className="trade-form__tier">tier {form.riskReward}R</span>
      </p>
      <div className="trade-form__actions">
        <button
          type="submit"
          className={`trade-form__save trade-form__save--${side.toLowerCase()}`}
          aria-label={`Save ${side} trade`}
          disabled={!form.canSave}
        >
          {side}
        </button>
        <button type="button" className="trade-form__history" onClick={() => setHistoryOpen(true)}>
          Trade History <span className="trade-form__count">{openCount}</span>
          <span className="visually-hidden"> open</span>
        </button>
      </div>
      <Suspense fallback={null}>
        {historyOpen ? <TradeHistoryDialog onClose={() => setHistoryOpen(false)} /> : null}
      </Suspense>
    </form>
  );
}
