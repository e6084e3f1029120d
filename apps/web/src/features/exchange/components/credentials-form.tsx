import { credentialMessages, type ConnectExchangeRequest, type ExchangeNetwork } from '@tb/core';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, TextField } from '@/components';
import type { CredentialsFormState } from '../hooks/use-credentials-form';
import { NetworkField } from './network-field';

export interface CredentialsFormProps {
  /** The state from useCredentialsForm (kept by the caller, so it outlives a step change). */
  form: CredentialsFormState;
  onSubmit: (request: ConnectExchangeRequest) => void;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busy: boolean;
  /** Another request is on its way (e.g. the paper account): submit waits. */
  locked?: boolean;
  /** Networks offered; all three by default. */
  networks?: readonly ExchangeNetwork[];
  /** The network cannot change (a saved key); the hint says why. */
  networkLockedHint?: string;
  /** A hint on the wallet field (e.g. "enter it again" when editing). */
  walletHint?: string;
  /** Fields before the network (the exchange picker) and after the keys (Active). */
  before?: ReactNode;
  after?: ReactNode;
  /** Buttons beside submit (Cancel). */
  actions?: ReactNode;
}

/**
 * The one exchange credentials form: network, wallet address, API key and its private key
 * (sent as `apiSecret`), and when asked the trading-permission confirmation. The connect page,
 * the Hyperliquid dialog and the profile's key manager all show this form.
 */
export function CredentialsForm(props: CredentialsFormProps) {
  const { form, busy, locked = false, networks, networkLockedHint } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || locked) return;
    const request = form.submit();
    if (request) props.onSubmit(request);
  };

  return (
    <form className="stack hl-form" onSubmit={submit} noValidate aria-label={props.label}>
      {props.before}
      <NetworkField
        value={form.network}
        onChange={form.setNetwork}
        options={networks}
        disabled={networkLockedHint !== undefined}
        hint={networkLockedHint}
      />
      {form.needsKeys ? (
        <KeyFields form={form} walletHint={props.walletHint} />
      ) : (
        <p className="hl-form__note">
          The paper exchange needs no keys: we create a funded paper account and its API wallet.
        </p>
      )}
      {form.confirmation && form.needsKeys ? <ConfirmPermissions form={form} /> : null}
      {props.after}
      <div className="row">
        <Button type="submit" disabled={locked} busy={busy}>
          {busy ? 'Saving...' : props.submitLabel}
        </Button>
        {props.actions}
      </div>
    </form>
  );
}

function KeyFields({ form, walletHint }: { form: CredentialsFormState; walletHint?: string }) {
  return (
    <>
      <TextField
        label="Wallet address"
        hint={walletHint ?? "Your Hyperliquid account's address (0x and 40 hex digits)."}
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
        hint="The API wallet's private key (its API secret): it can trade but never withdraw. Encrypted on our server and never shown again."
        autoComplete="new-password"
        spellCheck={false}
        {...form.fieldProps('apiSecret')}
      />
    </>
  );
}

function ConfirmPermissions({ form }: { form: CredentialsFormState }) {
  const id = useId();
  const confirmation = form.confirmation!;
  const error = confirmation.error;
  return (
    <div className={error ? 'connect-check is-invalid' : 'connect-check'}>
      <input
        id={id}
        type="checkbox"
        checked={confirmation.checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => confirmation.set(e.target.checked)}
      />
      <label htmlFor={id}>{credentialMessages.tradingPermissionLabel}</label>
      {error ? (
        <p id={`${id}-error`} className="field__error connect-check__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
