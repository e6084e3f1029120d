import type { ApiKeyListItem, ApiKeyRequest } from '@tb/core';
import { useId, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { NetworkField } from '@/features/exchange';
import { useApiKeyForm } from './use-api-key-form';

export interface ApiKeyFormProps {
  /** The key being edited; null to add one. */
  editing: ApiKeyListItem | null;
  busy: boolean;
  onSave: (body: ApiKeyRequest) => void;
  onCancel: () => void;
}

/** Add or edit an exchange API key. Editing locks the exchange; the key fields start blank. */
export function ApiKeyForm({ editing, busy, onSave, onCancel }: ApiKeyFormProps) {
  const { values, set, submit, errorOf, needsKeys } = useApiKeyForm(editing);
  const exchangeField = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = submit();
    if (body && !busy) onSave(body);
  };

  return (
    <form
      className="stack"
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? 'Edit API key' : 'Add API key'}
    >
      <div className="field">
        <label className="field__label" htmlFor={exchangeField}>
          Exchange
        </label>
        <select
          id={exchangeField}
          className="field__control"
          value={values.exchangeId}
          disabled={editing !== null}
          aria-describedby={editing ? `${exchangeField}-hint` : undefined}
          onChange={() => set('exchangeId', 'hyperliquid')}
        >
          <option value="hyperliquid">Hyperliquid</option>
        </select>
        {editing ? (
          <p className="field__hint" id={`${exchangeField}-hint`}>
            The exchange of a saved key cannot be changed.
          </p>
        ) : null}
      </div>
      <NetworkField
        value={values.network}
        onChange={(network) => set('network', network)}
        disabled={editing !== null}
        hint={editing ? 'The network of a saved key cannot be changed.' : undefined}
      />
      {needsKeys ? (
        <>
          <TextField
            label="Wallet address"
            hint={editing ? 'Enter it again: saved keys are never shown.' : undefined}
            autoComplete="off"
            spellCheck={false}
            value={values.walletAddress}
            error={errorOf('walletAddress')}
            onChange={(e) => set('walletAddress', e.target.value)}
          />
          <TextField
            label="API key"
            autoComplete="off"
            spellCheck={false}
            value={values.apiKey}
            error={errorOf('apiKey')}
            onChange={(e) => set('apiKey', e.target.value)}
          />
          <TextField
            label="API secret (Private Key)"
            type="password"
            hint="Encrypted on our server and never shown again."
            autoComplete="new-password"
            spellCheck={false}
            value={values.apiSecret}
            error={errorOf('apiSecret')}
            onChange={(e) => set('apiSecret', e.target.value)}
          />
        </>
      ) : (
        <p className="api-keys__note">
          A paper account needs no keys: the server creates and funds one.
        </p>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={values.isActive}
          onChange={(e) => set('isActive', e.target.checked)}
        />
        Active
      </label>
      <div className="row">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : editing ? 'Save changes' : 'Add API key'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
