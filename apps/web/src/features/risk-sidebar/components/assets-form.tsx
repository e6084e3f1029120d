import { RiskSettingsRequestSchema, type RiskSettingsRequest } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';

interface AssetsFormProps {
  accountSize: number;
  baseTradeSize: number;
  onSave: (settings: RiskSettingsRequest) => void;
  onCancel: () => void;
}

/** Edits the account size and the base trade size (dollars), validated by core's schema. */
export function AssetsForm({ accountSize, baseTradeSize, onSave, onCancel }: AssetsFormProps) {
  const [values, setValues] = useState({
    accountSize: String(accountSize),
    baseTradeSize: String(baseTradeSize),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof RiskSettingsRequest, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RiskSettingsRequestSchema.safeParse({
      accountSize: values.accountSize === '' ? undefined : Number(values.accountSize),
      baseTradeSize: values.baseTradeSize === '' ? undefined : Number(values.baseTradeSize),
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof RiskSettingsRequest;
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    onSave(parsed.data);
  };

  return (
    <form className="risk-sidebar__form" onSubmit={submit} noValidate>
      <TextField
        label="Account size ($)"
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={values.accountSize}
        error={errors.accountSize}
        onChange={(e) => setValues((v) => ({ ...v, accountSize: e.target.value }))}
      />
      <TextField
        label="Trade size ($)"
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={values.baseTradeSize}
        error={errors.baseTradeSize}
        onChange={(e) => setValues((v) => ({ ...v, baseTradeSize: e.target.value }))}
      />
      <div className="risk-sidebar__form-actions">
        <Button type="submit">Save</Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
