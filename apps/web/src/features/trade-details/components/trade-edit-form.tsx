import { PRICE_INPUT, type Trade } from '@tb/core';
import { formatPrice } from '@/lib/format';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@/components';
import type { TradeEdit } from '@/features/journal';

export interface TradeEditFormProps {
  trade: Trade;
  /** Returns the first validation problem, or null when the edit was accepted. */
  onSave: (edit: TradeEdit) => string | null;
  onClose: () => void;
}

/** The words of the edit form of a trade placed on the exchange. */
export const liveEditTexts = {
  note: 'Live on Hyperliquid: the pair and levels are your orders on the exchange. Move the stop from the trade card, or close it; only the notes change here.',
  levels: 'Levels on Hyperliquid',
} as const;

/** A placed trade's pair, side and levels, read-only: the server refuses to change them. */
function LiveLevels({ trade }: { trade: Trade }) {
  const levels: [string, number][] = [
    ['Stoploss', trade.stopLoss],
    ['Entry', trade.entryPrice],
    ['Target', trade.takeProfit],
  ];
  return (
    <>
      <p className="trade-row__muted">{liveEditTexts.note}</p>
      <ul className="trade-row__cells" aria-label={liveEditTexts.levels}>
        <li>
          {trade.pair} {trade.isLong ? 'Long' : 'Short'}
        </li>
        {levels.map(([label, value]) => (
          <li key={label}>
            {label} {formatPrice(value)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Edit an OPEN trade: pair, stoploss, entry, target, notes (checked by core's schema). A trade
 * placed on the exchange (`live`) shows its pair and levels read-only: only its notes change.
 */
export function TradeEditForm({ trade, onSave, onClose }: TradeEditFormProps) {
  const [pair, setPair] = useState(trade.pair);
  const [stopLoss, setStopLoss] = useState(String(trade.stopLoss));
  const [entry, setEntry] = useState(String(trade.entryPrice));
  const [target, setTarget] = useState(String(trade.takeProfit));
  const [notes, setNotes] = useState(trade.notes);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries the event through the dialog's portal to Trade Details' form: not a Save.
    event.stopPropagation();
    const problem = onSave({
      pair,
      stopLoss: Number(stopLoss),
      entryPrice: Number(entry),
      takeProfit: Number(target),
      notes,
    });
    if (problem) setError(problem);
    else onClose();
  };

  const price = { type: 'number', ...PRICE_INPUT } as const;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Edit trade">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {trade.live ? (
        <LiveLevels trade={trade} />
      ) : (
        <>
          <TextField label="Pair" value={pair} onChange={(e) => setPair(e.target.value)} />
          <TextField
            label="Stoploss"
            {...price}
            value={stopLoss}
            onChange={(e) => setStopLoss(e.target.value)}
          />
          <TextField
            label="Entry"
            {...price}
            value={entry}
            onChange={(e) => setEntry(e.target.value)}
          />
          <TextField
            label="Target"
            {...price}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </>
      )}
      <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
      <div className="row">
        <Button type="submit">Save</Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
