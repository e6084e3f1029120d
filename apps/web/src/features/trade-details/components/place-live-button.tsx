import { parsePrice, type LiveOrderRequest } from '@tb/core';
import { lazy, Suspense, useId, useState } from 'react';
import type { useTradeForm } from '../hooks/use-trade-form';
import { placeTexts } from './place-live-texts';
import './live-trading.css';

const PlaceLiveDialog = lazy(() =>
  import('./place-live-dialog').then((m) => ({ default: m.PlaceLiveDialog })),
);

/** Why the trade cannot go to the exchange yet (shown beside the disabled button). */
export const placeRefusals = {
  noStop: 'Set a stoploss first: an order without a stop is refused.',
  notReady: 'Enter a valid entry and target first.',
} as const;

type TradeForm = ReturnType<typeof useTradeForm>;

/** The first reason the form's trade may not be placed now; null when it may. */
export function placeRefusal(form: TradeForm): string | null {
  if (form.blockedBy) return form.blockedBy;
  if (parsePrice(form.stopLoss) === null) return placeRefusals.noStop;
  if (form.size.error) return form.size.error;
  if (form.preview === null || form.levelsProblem || form.otherSide !== null) {
    return placeRefusals.notReady;
  }
  return null;
}

/**
 * "Place on Hyperliquid" beside Save (live trading on): disabled with the reason in view (and
 * as its description) without a stop, while the session is locked, or above the suggested
 * size; otherwise it opens the confirmation with order type, leverage, margin and liquidation.
 */
export function PlaceLiveButton({ form, lockId }: { form: TradeForm; lockId: string }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const refusal = placeRefusal(form);
  const entry = parsePrice(form.entry);
  const stop = parsePrice(form.stopLoss);
  const target = parsePrice(form.target);
  const ready = refusal === null && form.canSave;
  const planned =
    form.preview && entry !== null && stop !== null && target !== null
      ? {
          pair: form.pair.pair,
          isLong: form.isLong,
          entryPrice: entry,
          stopLoss: stop,
          takeProfit: target,
          sizeUsd: form.preview.sizeUsd,
        }
      : null;

  return (
    <>
      <button
        type="button"
        className="trade-form__live"
        disabled={!ready}
        // The session lock is already in view above the buttons: it describes this one too.
        aria-describedby={form.blockedBy ? lockId : refusal ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        {placeTexts.title}
      </button>
      {refusal && !form.blockedBy ? (
        <p className="trade-form__live-reason" id={reasonId}>
          {refusal}
        </p>
      ) : null}
      <Suspense fallback={null}>
        {open && planned ? (
          <PlaceLiveDialog
            trade={planned}
            onPlace={async (order: LiveOrderRequest) => {
              const refusal = await form.placeLive(order);
              if (refusal === null) setOpen(false);
              return refusal;
            }}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
