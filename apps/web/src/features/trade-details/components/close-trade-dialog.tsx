import { openQuantity, planExit, symbolBase, type ExitRequest, type Trade } from '@tb/core';
import { useState } from 'react';
import { Button, buttonClass } from '@/components';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/text-field';
import { formatPrice, formatSignedR, formatSignedUsd } from '@/lib/format';
import { liveTexts } from './live-trade-panel';

/** Where the exit price starts: a level of the trade, or the entry (break-even). */
export type ExitStart = 'target' | 'stop' | 'entry';

export interface CloseTradeDialogProps {
  trade: Trade;
  /** The price to start from; null keeps the dialog closed. */
  start: ExitStart | null;
  onOpenChange: (open: boolean) => void;
  /** Records the exit; resolves to whether it was recorded (the dialog then closes). */
  onConfirm: (exit: ExitRequest) => Promise<boolean>;
}

const PARTS = [
  { label: 'All', fraction: 1 },
  { label: '75%', fraction: 0.75 },
  { label: '50%', fraction: 0.5 },
  { label: '25%', fraction: 0.25 },
] as const;

const levelOf = (trade: Trade, start: ExitStart) =>
  start === 'target' ? trade.takeProfit : start === 'stop' ? trade.stopLoss : trade.entryPrice;

/** Coin units, 6 significant figures, with the coin ('5 SOL', '2,540.65 DOGE'). */
const unitsOf = (trade: Trade) => {
  const coin = symbolBase(trade.pair) ?? 'units';
  return (n: number) => `${Number(n.toPrecision(6)).toLocaleString('en-US')} ${coin}`;
};

/**
 * Closing a manual trade at the price it really got (issue 26): the price starts at the target,
 * the stop or the entry and can be typed; all of the position or a part; what it gives (R and
 * USD, and the trade's result when nothing stays open) is shown before it is saved.
 */
export function CloseTradeDialog({ trade, start, onOpenChange, onConfirm }: CloseTradeDialogProps) {
  const name = `${trade.pair} ${trade.isLong ? 'Long' : 'Short'}`;
  return (
    <Dialog open={start !== null} onOpenChange={onOpenChange} title={`Close ${name}`} size="md">
      {start !== null ? (
        <CloseForm
          key={start}
          trade={trade}
          start={start}
          onCancel={() => onOpenChange(false)}
          onConfirm={onConfirm}
        />
      ) : null}
    </Dialog>
  );
}

function CloseForm({
  trade,
  start,
  onCancel,
  onConfirm,
}: Omit<CloseTradeDialogProps, 'start' | 'onOpenChange'> & {
  start: ExitStart;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState(String(levelOf(trade, start)));
  const [fraction, setFraction] = useState<number>(1);
  const [busy, setBusy] = useState(false);
  const open = openQuantity(trade);
  const units = unitsOf(trade);
  const request: ExitRequest = {
    price: typed.trim() === '' ? Number.NaN : Number(typed),
    ...(fraction < 1 && { quantity: open * fraction }),
  };
  const plan = planExit(trade, request, new Date(0).toISOString());
  const submit = async () => {
    if (!plan.ok || busy) return;
    setBusy(true);
    const done = await onConfirm(request);
    setBusy(false);
    if (done) onCancel();
  };
  return (
    <form
      className="close-trade"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {trade.live ? <p className="close-trade__warning">{liveTexts.handClose}</p> : null}
      <div className="close-trade__levels" role="group" aria-label="Fill in a level">
        {(['target', 'stop', 'entry'] as const).map((level) => (
          <button
            key={level}
            type="button"
            className={buttonClass('secondary', 'close-trade__level')}
            onClick={() => setTyped(String(levelOf(trade, level)))}
          >
            {level === 'target' ? 'Target' : level === 'stop' ? 'Stop' : 'Break-even'}{' '}
            {formatPrice(levelOf(trade, level))}
          </button>
        ))}
      </div>
      <TextField
        label="Exit price"
        type="number"
        inputMode="decimal"
        step="any"
        min="0"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={!plan.ok && plan.field === 'price' ? plan.message : undefined}
      />
      <fieldset className="close-trade__parts">
        <legend>How much of the position</legend>
        {PARTS.map((part) => (
          <label key={part.label} className="close-trade__part">
            <input
              type="radio"
              name="part"
              checked={fraction === part.fraction}
              onChange={() => setFraction(part.fraction)}
            />
            {part.label}
          </label>
        ))}
        <p className="close-trade__muted">
          {units(open * fraction)} of {units(open)} open
          {trade.exits.length > 0
            ? ` (${trade.exits.length} exit${trade.exits.length > 1 ? 's' : ''} taken)`
            : ''}
        </p>
      </fieldset>
      <Preview plan={plan} units={units} />
      <div className="row">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!plan.ok || busy}>
          {plan.ok && plan.value.closing === null ? 'Record partial exit' : 'Close trade'}
        </Button>
      </div>
    </form>
  );
}

/** What the exit gives, announced as it changes. */
function Preview({
  plan,
  units,
}: {
  plan: ReturnType<typeof planExit>;
  units: (n: number) => string;
}) {
  if (!plan.ok) {
    return plan.field === 'price' ? null : (
      <p className="close-trade__error" role="alert">
        {plan.message}
      </p>
    );
  }
  const { closing, part, remaining } = plan.value;
  return (
    <p className="close-trade__preview" aria-live="polite" aria-label="Result">
      {closing ? (
        <>
          Result:{' '}
          <strong>
            {Math.abs(closing.rMultiple) < 1e-9
              ? 'break-even'
              : closing.pnlUsd < 0
                ? 'LOSS'
                : 'WIN'}{' '}
            {formatSignedUsd(closing.pnlUsd)} · {formatSignedR(closing.rMultiple)}
          </strong>{' '}
          at {formatPrice(closing.exitPrice)}
          {plan.value.exits.length > 1 ? ' (weighted over the exits)' : ''}
        </>
      ) : (
        <>
          This part:{' '}
          <strong>
            {formatSignedUsd(part.pnlUsd)} · {formatSignedR(part.rMultiple)}
          </strong>
          ; {units(remaining)} stay open.
        </>
      )}
    </p>
  );
}
