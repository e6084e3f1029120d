import { symbolBase, type Trade } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, QueryStatus } from '@/components';
import { Dialog } from '@/components/dialog';
import { usePriceFormat } from '@/features/exchange';
import { useTradeList, useTradingTimeZone } from '@/features/journal';
import { errorMessage } from '@/lib/api-error';
import { unjournaledTexts, type UnjournaledTrip } from '../api';
import { useAttachTrip } from '../hooks/use-unjournaled-actions';
import { formatStamp } from '@/lib/format';
import { tripName } from '../lib/trip-name';

export const attachTexts = {
  title: 'Attach to a journal trade',
  legend: 'Open journal trade',
  submit: 'Attach fills',
  busy: 'Attaching...',
  choose: 'Choose the journal trade these fills close.',
  none: (name: string) =>
    `No open journal trade of ${name} without a Hyperliquid order. Import this trade instead.`,
  loadFailed: 'Failed to load trades',
} as const;

/** Whether a journal pair ('ETHUSDT', 'ETH-USD', 'eth/usdc') is the trip's coin, by base. */
const sameCoin = (pair: string, trip: UnjournaledTrip) =>
  symbolBase(pair)?.toUpperCase() === trip.coin.toUpperCase();

/**
 * The journal trades a trip may close: OPEN, same coin (pairs compared by base symbol, as the
 * server does) and side, and not placed on the exchange from the journal (those the reconciler
 * closes from their own orders).
 */
export function attachCandidates(trades: readonly Trade[], trip: UnjournaledTrip): Trade[] {
  return trades.filter(
    (t) =>
      t.status === 'OPEN' &&
      t.isLong === trip.isLong &&
      t.live === undefined &&
      sameCoin(t.pair, trip),
  );
}

export interface AttachTripDialogProps {
  trip: UnjournaledTrip;
  onClose: () => void;
}

/** Picks one OPEN journal trade of the trip's pair and side and closes it from the fills. */
export function AttachTripDialog({ trip, onClose }: AttachTripDialogProps) {
  const priceOf = usePriceFormat();
  const mutation = useAttachTrip();
  const list = useTradeList();
  const timeZone = useTradingTimeZone();
  const candidates = attachCandidates(list.trades, trip);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = tripName(trip);
  const legendId = useId();
  const selected = chosen ?? (candidates.length === 1 ? candidates[0]!.id : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      setProblem(attachTexts.choose);
      return;
    }
    setProblem(null);
    mutation.mutate({ tids: trip.tids, tradeId: selected }, { onSuccess: onClose });
  }

  const opened = (trade: Trade) => {
    const parts = formatStamp(Date.parse(trade.date), timeZone);
    return parts ? `, opened ${parts.date} ${parts.time}` : '';
  };

  const choices =
    candidates.length === 0 ? (
      <p className="unjournaled__none">{attachTexts.none(name)}</p>
    ) : (
      <fieldset className="unjournaled__choices" aria-describedby={problem ? legendId : undefined}>
        <legend>{attachTexts.legend}</legend>
        {candidates.map((trade) => (
          <label key={trade.id} className="unjournaled__choice">
            <input
              type="radio"
              name="attach-trade"
              value={trade.id}
              checked={selected === trade.id}
              onChange={() => setChosen(trade.id)}
            />
            <span>
              {`${name}: entry ${priceOf(trade.entryPrice, trip.coin)}, stop ${priceOf(trade.stopLoss, trip.coin)}, target ${priceOf(trade.takeProfit, trip.coin)}${opened(trade)}`}
            </span>
          </label>
        ))}
        {problem ? (
          <p className="field__error" id={legendId}>
            {problem}
          </p>
        ) : null}
      </fieldset>
    );
  // Signed in, the trades come from the server: its loading, error and retry. A failed live
  // refresh keeps the loaded list; only a first load that failed says so.
  const body = list.query ? (
    <QueryStatus
      query={{ ...list.query, isError: list.query.isError && list.query.data === undefined }}
      loading="Loading your open trades..."
      error={attachTexts.loadFailed}
    >
      {() => choices}
    </QueryStatus>
  ) : (
    choices
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={attachTexts.title}
      size="md"
      description={`${name}, exit ${trip.exitPrice === null ? unjournaledTexts.open : priceOf(trip.exitPrice, trip.coin)}: the journal trade you choose closes at the fills' exit and fees, as a verified result.`}
    >
      <form className="unjournaled__form" onSubmit={submit} noValidate>
        {mutation.isError ? (
          <Alert tone="error">{errorMessage(mutation.error, unjournaledTexts.attachFailed)}</Alert>
        ) : null}
        {body}
        <div className="row">
          <Button
            type="submit"
            busy={mutation.isPending}
            disabled={list.isLoading || candidates.length === 0}
          >
            {mutation.isPending ? attachTexts.busy : attachTexts.submit}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
