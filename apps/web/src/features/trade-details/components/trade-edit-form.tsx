import { PRICE_INPUT, type Trade } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@/components';
import type { TradeEdit } from '@/features/journal';

export interface TradeEditFormProps {
  trade: Trade;
  /** Returns the first validation problem, or null when the edit was accepted. */
  onSave: (edit: TradeEdit) => string | null;
  onClose: () => void;
}

/** Edit an OPEN trade: pair, stoploss, entry, target, notes (checked by core's schema). */
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
