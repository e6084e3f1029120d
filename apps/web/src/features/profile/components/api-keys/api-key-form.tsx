import type { ApiKeyListItem, ApiKeyRequest } from '@tb/core';
import { useId, useState } from 'react';
import { Button } from '@/components';
import { CredentialsForm, useCredentialsForm } from '@/features/exchange';

export interface ApiKeyFormProps {
  /** The key being edited; null to add one. */
  editing: ApiKeyListItem | null;
  busy: boolean;
  onSave: (body: ApiKeyRequest) => void;
  onCancel: () => void;
}

/**
 * Add or edit an exchange API key with the shared credentials form, plus the exchange and the
 * Active flag. Editing locks the exchange and the network; the key fields start blank (saved
 * keys are never sent back). Editing a paper key changes only isActive.
 */
export function ApiKeyForm({ editing, busy, onSave, onCancel }: ApiKeyFormProps) {
  const form = useCredentialsForm({ network: editing?.network ?? 'mainnet' });
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const exchangeField = useId();

  return (
    <CredentialsForm
      form={form}
      label={editing ? 'Edit API key' : 'Add API key'}
      submitLabel={editing ? 'Save changes' : 'Add API key'}
      busy={busy}
      onSubmit={(request) => onSave({ ...request, isActive })}
      networkLockedHint={editing ? 'The network of a saved key cannot be changed.' : undefined}
      walletHint={editing ? 'Enter it again: saved keys are never shown.' : undefined}
      before={
        <div className="field">
          <label className="field__label" htmlFor={exchangeField}>
            Exchange
          </label>
          <select
            id={exchangeField}
            className="field__control"
            value="hyperliquid"
            disabled={editing !== null}
            aria-describedby={editing ? `${exchangeField}-hint` : undefined}
            onChange={() => undefined}
          >
            <option value="hyperliquid">Hyperliquid</option>
          </select>
          {editing ? (
            <p className="field__hint" id={`${exchangeField}-hint`}>
              The exchange of a saved key cannot be changed.
            </p>
          ) : null}
        </div>
      }
      after={
        <label className="check">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
          />
          Active
        </label>
      }
      actions={
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      }
    />
  );
}
