import { SetSubscriptionDateRequestSchema, type SubscriptionResponse } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { isApiError } from '@/lib/api-error';
import { setEndDateMutationOptions } from '../api';
import { useAdminMutation } from '../hooks/use-admin-mutation';
import { formatUtcDay } from '@/lib/format';

/** Move the end date of the latest period (a future date revives a cancelled one). */
export function SetEndDateForm({
  userId,
  endDate,
  onSet,
}: {
  userId: string;
  endDate: string | null;
  onSet: (data: SubscriptionResponse) => void;
}) {
  const id = useId();
  const initial = endDate ? formatUtcDay(endDate) : '';
  const [value, setValue] = useState(initial);
  // A new end date (a plan added, a date set) becomes the field's value; focus stays put.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setValue(initial);
  }
  const [clientError, setClientError] = useState<string | undefined>();
  const set = useAdminMutation(setEndDateMutationOptions(), onSet);
  const serverError =
    isApiError(set.error) && set.error.code === 'VALIDATION_ERROR' ? set.error.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) {
      setClientError('Choose an end date');
      return;
    }
    const parsed = SetSubscriptionDateRequestSchema.safeParse({ endDate: value });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message);
      return;
    }
    setClientError(undefined);
    // The day as typed: the server reads YYYY-MM-DD as midnight UTC.
    set.mutate({ userId, endDate: value });
  }

  return (
    <form className="admin-subsection" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="admin-subsection__title">
        Set end date
      </h3>
      <TextField
        label="End date"
        type="date"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setClientError(undefined);
          if (set.isError) set.reset();
        }}
        error={clientError ?? serverError}
        hint="Premium ends at midnight UTC of this day. A date in the future revives a cancelled subscription."
        required
      />
      <div className="row">
        <Button type="submit" busy={set.isPending}>
          {set.isPending ? 'Saving...' : 'Set end date'}
        </Button>
      </div>
    </form>
  );
}
