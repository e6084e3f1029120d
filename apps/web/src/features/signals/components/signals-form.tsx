import {
  webhookMessages,
  webhookUrlError,
  type SignalSettingsRequest,
  type SignalSettingsResponse,
  type SignalTypes,
} from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import type { OnSaved, SignalActions } from '../hooks/use-signal-actions';

const TYPE_LABELS: Readonly<Record<keyof SignalTypes, string>> = {
  positions: 'Positions',
  orders: 'Orders placed',
  cancels: 'Cancelled orders',
};

export interface SignalsFormProps {
  settings: SignalSettingsResponse;
  actions: SignalActions;
}

/**
 * The webhook settings, seeded from the server and brought in line with what it kept after
 * each save (the form stays mounted, so keyboard focus stays on the button pressed).
 * The URL field starts empty: the stored URL is never sent back, only its masked form, and
 * the browser is told not to remember what is typed (the server keeps it, encrypted).
 */
export function SignalsForm({ settings, actions }: SignalsFormProps) {
  const [url, setUrl] = useState('');
  // Without a saved webhook signals are off, and the box says so (issue 26: it was ticked);
  // saving a first webhook turns them on (SPEC.md section 4: activated when one is saved).
  const firstWebhook = !settings.hasWebhook;
  const [active, setActive] = useState(settings.active);
  const [types, setTypes] = useState<SignalTypes>(settings.types);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const typed = url.trim();
  const urlError = typed ? webhookUrlError(typed) : submitError;
  const hasUrl = settings.hasWebhook || (typed !== '' && urlError === null);
  const body = (): SignalSettingsRequest => ({
    active: firstWebhook || active,
    types,
    ...(typed ? { webhookUrl: typed } : {}),
  });

  const onSaved: OnSaved = (kept) => {
    setUrl('');
    setActive(kept.active);
    setTypes(kept.types);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed && !settings.hasWebhook) return setSubmitError(webhookMessages.required);
    if (urlError) return;
    actions.save(body(), onSaved);
  };

  return (
    <form className="signals-form" onSubmit={submit} noValidate aria-label="Discord signals">
      <TextField
        label="Discord webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://discord.com/api/webhooks/..."
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setSubmitError(null);
        }}
        error={urlError ?? undefined}
        hint={
          settings.maskedWebhookUrl
            ? `Saved: ${settings.maskedWebhookUrl}. Leave empty to keep it.`
            : 'No webhook saved yet.'
        }
      />
      <div>
        <label className="check">
          <input
            type="checkbox"
            checked={!firstWebhook && active}
            disabled={firstWebhook}
            aria-describedby={firstWebhook ? 'signals-active-hint' : undefined}
            onChange={(e) => setActive(e.target.checked)}
          />
          Signals active
        </label>
        {firstWebhook ? (
          <p className="field__hint" id="signals-active-hint">
            Signals turn on when you save a webhook.
          </p>
        ) : null}
      </div>
      <fieldset className="signals-form__types">
        <legend>Send signals for</legend>
        {(Object.keys(TYPE_LABELS) as (keyof SignalTypes)[]).map((key) => (
          <label key={key} className="check">
            <input
              type="checkbox"
              checked={types[key]}
              onChange={(e) => setTypes({ ...types, [key]: e.target.checked })}
            />
            {TYPE_LABELS[key]}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <Button type="submit" busy={actions.saving}>
          Save
        </Button>
        <Button
          variant="secondary"
          disabled={!hasUrl || urlError !== null}
          busy={actions.testing}
          onClick={() => actions.test(typed ? body() : null, onSaved)}
        >
          Send test signals
        </Button>
      </div>
    </form>
  );
}
