import { RISK_LIMIT_BOUNDS, RiskSettingsRequestSchema, type RiskLimits } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { formatUsd } from '@/lib/format';

type LimitKey = keyof RiskLimits;

export interface LimitsFormProps {
  /** The limits the trader asked for last (pending ones included), to edit from. */
  limits: RiskLimits;
  onSave: (limits: Partial<RiskLimits>) => void;
  onCancel: () => void;
}

const { maxTradesPerDay: tradeBounds, maxDailyLoss: lossBounds } = RISK_LIMIT_BOUNDS;

/**
 * The two daily limits, within core's bounds (RiskSettingsRequestSchema). Only what changed
 * is sent: a tighter limit applies at once, a looser one from the next trading day.
 */
export function LimitsForm({ limits, onSave, onCancel }: LimitsFormProps) {
  const [values, setValues] = useState({
    maxTradesPerDay: String(limits.maxTradesPerDay),
    maxDailyLoss: String(limits.maxDailyLoss),
  });
  const [errors, setErrors] = useState<Partial<Record<LimitKey, string>>>({});

  const read = (key: LimitKey): number | undefined => {
    const text = values[key].trim();
    if (text === '') return Number.NaN;
    const value = Number(text);
    return value === limits[key] ? undefined : value;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = { maxTradesPerDay: read('maxTradesPerDay'), maxDailyLoss: read('maxDailyLoss') };
    if (wanted.maxTradesPerDay === undefined && wanted.maxDailyLoss === undefined) {
      onCancel();
      return;
    }
    const parsed = RiskSettingsRequestSchema.safeParse(wanted);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as LimitKey;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onSave(parsed.data);
  };

  return (
    <form className="risk-sidebar__form" onSubmit={submit} noValidate aria-label="Daily limits">
      <TextField
        label="Max trades per day"
        type="number"
        inputMode="numeric"
        step={1}
        min={tradeBounds.min}
        max={tradeBounds.max}
        value={values.maxTradesPerDay}
        error={errors.maxTradesPerDay}
        hint={`${tradeBounds.min} to ${tradeBounds.max}`}
        onChange={(e) => setValues((v) => ({ ...v, maxTradesPerDay: e.target.value }))}
      />
      <TextField
        label="Max daily loss ($)"
        type="number"
        inputMode="decimal"
        step="any"
        min={lossBounds.min}
        max={lossBounds.max}
        value={values.maxDailyLoss}
        error={errors.maxDailyLoss}
        hint={`${formatUsd(lossBounds.min)} to ${formatUsd(lossBounds.max)}`}
        onChange={(e) => setValues((v) => ({ ...v, maxDailyLoss: e.target.value }))}
      />
      <p className="risk-sidebar__note">
        A tighter limit applies at once; a looser one from the next trading day.
      </p>
      <div className="risk-sidebar__form-actions">
        <Button type="submit">Save</Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
