import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, MAX_STOPLOSS_PER_DAY, TimeZoneRequestSchema } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { isApiError } from '@/lib/api-error';
import { browserTimeZone } from '@/lib/time-zone';
import { timeZoneMutationOptions } from '../api';

/** Every IANA zone this browser knows, UTC first (the list of Intl leaves it out). */
function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(DEFAULT_TIME_ZONE) ? zones : [DEFAULT_TIME_ZONE, ...zones];
}

/**
 * The zone of the trading day: at its midnight the daily stoploss counter, limits and stats
 * start again; a change waits for the current trading day to end (DESIGN.md section 7). A
 * text input with a datalist, so the 400-odd zones can be searched.
 */
export function TimeZoneForm({ current }: { current: string }) {
  const client = useQueryClient();
  const save = useMutation(timeZoneMutationOptions(client));
  const listId = useId();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [zones] = useState(knownTimeZones);
  const device = browserTimeZone();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TimeZoneRequestSchema.safeParse({ timeZone: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onError: (failure) => {
        if (isApiError(failure) && failure.code === 'VALIDATION_ERROR') setError(failure.message);
      },
    });
  }

  const unchanged = value.trim() === current;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Trading day time zone">
      <TextField
        label="Time zone of your trading day"
        name="timeZone"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        error={error}
        hint={`Your trading day starts at midnight in this zone: the stoploss counter (${MAX_STOPLOSS_PER_DAY} per day), the daily limits and the daily stats start again then. A change takes effect from your next trading day. Now: ${current}.`}
        onChange={(e) => setValue(e.target.value)}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className="row">
        <Button type="submit" busy={save.isPending} disabled={unchanged}>
          {save.isPending ? 'Saving...' : 'Save time zone'}
        </Button>
        {device && device !== value ? (
          <Button variant="ghost" onClick={() => setValue(device)}>
            Use this device&apos;s zone ({device})
          </Button>
        ) : null}
      </div>
    </form>
  );
}
