import { credentialMessages } from '@tb/core';
import { useId, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { NetworkField } from '@/features/exchange';
import type { ConnectFormState } from '../hooks/use-connect-form';

const NETWORKS = ['mainnet', 'testnet'] as const;

export interface ConnectFormProps {
  form: ConnectFormState;
  onSubmit: (request: NonNullable<ReturnType<ConnectFormState['submit']>>) => void;
  busy: boolean;
  locked: boolean;
}

/** API key, secret, wallet address, network and the trading-permission confirmation. */
export function ConnectForm({ form, onSubmit, busy, locked }: ConnectFormProps) {
  const checkboxId = useId();
  const { values, errors, set } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || locked) return;
    const request = form.submit();
    if (request) onSubmit(request);
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Connect with API keys">
      <NetworkField
        value={values.network}
        options={NETWORKS}
        onChange={(network) => set('network', network)}
      />
      <TextField
        label="API key"
        hint="The address of your Hyperliquid API wallet."
        autoComplete="off"
        spellCheck={false}
        value={values.apiKey}
        error={errors.apiKey}
        onChange={(e) => set('apiKey', e.target.value)}
      />
      <TextField
        label="API secret"
        type="password"
        hint="The API wallet's private key; encrypted, never shown again."
        autoComplete="new-password"
        spellCheck={false}
        value={values.apiSecret}
        error={errors.apiSecret}
        onChange={(e) => set('apiSecret', e.target.value)}
      />
      <TextField
        label="Wallet address"
        hint="Your Hyperliquid account's address (0x and 40 hex digits)."
        autoComplete="off"
        spellCheck={false}
        value={values.walletAddress}
        error={errors.walletAddress}
        onChange={(e) => set('walletAddress', e.target.value)}
      />
      <div className={errors.confirmed ? 'connect-check is-invalid' : 'connect-check'}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={values.confirmed}
          aria-invalid={errors.confirmed ? true : undefined}
          aria-describedby={errors.confirmed ? `${checkboxId}-error` : undefined}
          onChange={(e) => set('confirmed', e.target.checked)}
        />
        <label htmlFor={checkboxId}>{credentialMessages.tradingPermissionLabel}</label>
        {errors.confirmed ? (
          <p id={`${checkboxId}-error`} className="field__error connect-check__error">
            {errors.confirmed}
          </p>
        ) : null}
      </div>
      <div className="row">
        <Button type="submit" busy={busy} disabled={locked}>
          {busy ? 'Connecting...' : 'Connect'}
        </Button>
      </div>
    </form>
  );
}
