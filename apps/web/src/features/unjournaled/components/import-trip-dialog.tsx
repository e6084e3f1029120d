import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { Dialog } from '@/components/dialog';
import { usePriceFormat } from '@/features/exchange';
import { errorMessage } from '@/lib/api-error';
import { unjournaledTexts, type UnjournaledTrip } from '../api';
import { useImportTrip } from '../hooks/use-unjournaled-actions';
import { formatSignedUsd } from '@/lib/format';
import { tripName } from '../lib/trip-name';
import { importLevels, suggestedTarget } from '../lib/import-levels';

export const importTexts = {
  title: 'Import into your journal',
  stopLabel: 'Stoploss you had planned',
  targetLabel: 'Target you had planned',
  submit: 'Import trade',
  busy: 'Importing...',
} as const;

export interface ImportTripDialogProps {
  trip: UnjournaledTrip;
  onClose: () => void;
}

/**
 * Asks the stop and target the trader had planned (the fills do not say them), then imports
 * the closed trip as a verified journal trade. The server's refusal stays in the dialog.
 */
export function ImportTripDialog({ trip, onClose }: ImportTripDialogProps) {
  const priceOf = usePriceFormat();
  const mutation = useImportTrip();
  const [stop, setStop] = useState('');
  const [target, setTarget] = useState(() => suggestedTarget(trip));
  const [problem, setProblem] = useState<{ field: 'stop' | 'target'; message: string } | null>(
    null,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const levels = importLevels(trip, stop, target);
    if (!levels.ok) {
      setProblem(levels);
      return;
    }
    setProblem(null);
    mutation.mutate(
      { tids: trip.tids, stopLoss: levels.stopLoss, takeProfit: levels.takeProfit },
      { onSuccess: onClose },
    );
  }

  const exit = trip.exitPrice === null ? unjournaledTexts.open : priceOf(trip.exitPrice, trip.coin);
  const pnl = trip.pnlUsd === null ? '' : `, ${formatSignedUsd(trip.pnlUsd)}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={importTexts.title}
      description={`${tripName(trip)}: entry ${priceOf(trip.entryPrice, trip.coin)}, exit ${exit}${pnl}. Entry, exit and fees come from the fills; give the stop and target you had planned.`}
    >
      <form className="unjournaled__form" onSubmit={submit} noValidate>
        {mutation.isError ? (
          <Alert tone="error">{errorMessage(mutation.error, unjournaledTexts.importFailed)}</Alert>
        ) : null}
        <TextField
          label={importTexts.stopLabel}
          inputMode="decimal"
          autoComplete="off"
          required
          value={stop}
          error={problem?.field === 'stop' ? problem.message : undefined}
          onChange={(e) => setStop(e.target.value)}
        />
        <TextField
          label={importTexts.targetLabel}
          inputMode="decimal"
          autoComplete="off"
          required
          value={target}
          error={problem?.field === 'target' ? problem.message : undefined}
          onChange={(e) => setTarget(e.target.value)}
        />
        <div className="row">
          <Button type="submit" busy={mutation.isPending}>
            {mutation.isPending ? importTexts.busy : importTexts.submit}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
