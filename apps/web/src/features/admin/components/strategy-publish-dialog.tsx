import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatStrategyMonth, strategyMessages, type Strategy } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { Dialog } from '@/components/dialog';
import { publishStrategyMutationOptions, strategyKeys } from '@/features/strategies';
import { errorMessage } from '@/lib/api-error';
import { adminKeys } from '../api';

/**
 * The first month from `today`'s on that has no published strategy, as 'YYYY-MM': where a
 * new strategy most likely goes.
 */
export function nextFreeMonth(published: readonly string[], today: Date): string {
  const taken = new Set(published);
  let year = today.getUTCFullYear();
  let month = today.getUTCMonth() + 1;
  for (let i = 0; i < 1200; i += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (!taken.has(key)) return key;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * Publishes a strategy for a month (the next one without a strategy by default), mailing the
 * subscribers when asked. The server's refusal (a month already taken) shows as its sentence.
 */
export function PublishDialog({
  strategy,
  publishedMonths,
  onClose,
}: {
  strategy: Strategy;
  publishedMonths: readonly string[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const mailId = useId();
  const [month, setMonth] = useState(
    () => strategy.month ?? nextFreeMonth(publishedMonths, new Date()),
  );
  const [mail, setMail] = useState(false);
  const [monthError, setMonthError] = useState<string>();
  const publish = useMutation({
    ...publishStrategyMutationOptions(),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: strategyKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^2\d{3}-(0[1-9]|1[0-2])$/.test(month)) {
      setMonthError(strategyMessages.monthInvalid);
      return;
    }
    setMonthError(undefined);
    publish.mutate({ id: strategy.id, month, mailSubscribers: mail });
  };
  const valid = /^\d{4}-\d{2}$/.test(month);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Publish the strategy"
      description={`"${strategy.title}" becomes the strategy of the month for every premium trader.`}
      size="sm"
    >
      <form className="strategy-publish" onSubmit={submit} noValidate>
        <TextField
          label="Month"
          type="month"
          value={month}
          error={monthError}
          hint={valid ? formatStrategyMonth(month) : 'As YYYY-MM, e.g. 2026-07'}
          onChange={(e) => setMonth(e.target.value)}
        />
        <div className="strategy-publish__check">
          <input
            id={mailId}
            type="checkbox"
            checked={mail}
            onChange={(e) => setMail(e.target.checked)}
          />
          <label htmlFor={mailId}>
            Mail subscribers
            <span className="admin-muted">
              {' '}
              (every premium trader with a verified email gets the title, an excerpt and a link)
            </span>
          </label>
        </div>
        {publish.isError ? (
          <Alert tone="error">
            {errorMessage(publish.error, 'The strategy could not be published')}
          </Alert>
        ) : null}
        <div className="row">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={publish.isPending}>
            {valid ? `Publish for ${formatStrategyMonth(month)}` : 'Publish'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
