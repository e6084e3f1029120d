import type { ConnectExchangeRequest } from '@tb/core';
import type { FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { useHyperliquidForm } from '../hooks/use-hyperliquid-form';
import { NetworkField } from './network-field';

export interface HyperliquidConnectionFormProps {
  onSubmit: (request: ConnectExchangeRequest) => void;
  busy: boolean;
  /** Another request is on its way (the paper account): submit waits. */
  locked?: boolean;
}

/** Wallet address, API wallet address and its private key, and the network. */
export function HyperliquidConnectionForm({
  onSubmit,
  busy,
  locked = false,
}: HyperliquidConnectionFormProps) {
  const form = useHyperliquidForm();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.ready && !busy && !locked) onSubmit(form.request());
  };

  return (
    <form className="stack hl-form" onSubmit={submit} noValidate>
      <NetworkField value={form.network} onChange={form.setNetwork} />
      {form.needsKeys ? (
        <>
          <TextField
            label="Wallet address"
            hint="Your Hyperliquid account's address (0x and 40 hex digits)."
            autoComplete="off"
            spellCheck={false}
            {...form.fieldProps('walletAddress')}
          />
          <TextField
            label="API key"
            hint="The address of the API wallet you created on Hyperliquid (More → API)."
            autoComplete="off"
            spellCheck={false}
            {...form.fieldProps('apiKey')}
          />
          <TextField
            label="Private key"
            type="password"
            hint="The API wallet's private key: it can trade but never withdraw."
            autoComplete="new-password"
            spellCheck={false}
            {...form.fieldProps('privateKey')}
          />
          <p className="hl-form__note">
            The private key is encrypted on our server and never shown again.
          </p>
        </>
      ) : (
        <p className="hl-form__note">
          The paper exchange needs no keys: we create a funded paper account and its API wallet.
        </p>
      )}
      <div className="row">
        <Button type="submit" disabled={!form.ready || locked} busy={busy}>
          {busy ? 'Saving...' : form.needsKeys ? 'Save connection' : 'Create paper account'}
        </Button>
      </div>
    </form>
  );
}
