import { PRICE_INPUT } from '@tb/core';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useExchangeConnection } from '@/features/exchange';
import { useTradeList } from '@/features/journal';
import { useTradeForm } from '../hooks/use-trade-form';
import { PlaceLiveButton } from './place-live-button';
import { ShareToChatButton } from './share-to-chat-button';
import { TargetField } from './target-field';
import { PairLine, SizeField, TradeFacts } from './trade-summary';
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

/** Why the prices do not make a trade: 'Did you mean Long?' with a switch, or core's words. */
function LevelsHint({ form }: { form: ReturnType<typeof useTradeForm> }) {
  if (form.otherSide !== null) {
    const side = form.otherSide ? 'Long' : 'Short';
    return (
      <p className="trade-form__hint" role="status">
        Stop {form.otherSide ? 'below' : 'above'} entry:{' '}
        <button type="button" onClick={() => form.setIsLong(form.otherSide === true)}>
          Did you mean {side}?
        </button>
      </p>
    );
  }
  const message = form.levelsProblem ?? form.problem;
  return message ? (
    <p className="trade-form__hint" role="status">
      {message}
    </p>
  ) : null;
}

/** Trade details: side, prices, target from the tier, size and risk in USD, R/R and Save. */
export function TradeDetailsWidget() {
  const form = useTradeForm();
  const { trades, openCount } = useTradeList();
  const { live } = useExchangeConnection();
  const [historyOpen, setHistoryOpen] = useState(false);
  const lockId = useId();
  const side = form.isLong ? 'Long' : 'Short';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form className="trade-form" onSubmit={submit} aria-label="Trade details">
      <div className="trade-form__top">
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
        <PairLine pair={form.pair} />
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
      <div className="trade-form__sizing">
        <SizeField
          value={form.sizeText}
          onChange={form.setSizeText}
          maxSizeUsd={form.maxSizeUsd}
          error={form.size.error}
        />
        <TradeFacts preview={form.preview} rr={form.rr} tier={form.riskReward} />
      </div>
      <LevelsHint form={form} />
      {form.blockedBy ? (
        <p className="trade-form__locked" id={lockId} role="status">
          <strong>Session ended.</strong> {form.blockedBy}
        </p>
      ) : null}
      <div className="trade-form__actions">
        <button
          type="submit"
          className={`trade-form__save trade-form__save--${side.toLowerCase()}`}
          aria-label={`Save ${side} trade`}
          aria-describedby={form.blockedBy ? lockId : undefined}
          aria-busy={form.saving || undefined}
          disabled={!form.canSave}
        >
          {form.saving ? 'Saving...' : side}
        </button>
        {live ? <PlaceLiveButton form={form} lockId={lockId} /> : null}
        <ShareToChatButton form={form} />
        <button type="button" className="trade-form__history" onClick={() => setHistoryOpen(true)}>
          Trade History{' '}
          <span className="trade-form__count" title={`${trades.length} trades, ${openCount} open`}>
            {trades.length}
          </span>
          <span className="visually-hidden"> trades, {openCount} open</span>
        </button>
      </div>
      <Suspense fallback={null}>
        {historyOpen ? <TradeHistoryDialog onClose={() => setHistoryOpen(false)} /> : null}
      </Suspense>
    </form>
  );
}
