import {
  apiKeyError,
  credentialMessages,
  privateKeyError,
  walletAddressError,
  type ConnectExchangeRequest,
  type ExchangeNetwork,
} from '@tb/core';
import { useState } from 'react';

/** The typed fields of an exchange connection; `apiSecret` is the API wallet's private key. */
export type CredentialField = 'walletAddress' | 'apiKey' | 'apiSecret';

export interface CredentialsOptions {
  /** The network the form starts on (mainnet by default). */
  network?: ExchangeNetwork;
  /** Ask for the trading-permission confirmation (the guided exchange connect). */
  confirmTradingPermissions?: boolean;
}

type Values = Record<CredentialField, string>;
const EMPTY: Values = { walletAddress: '', apiKey: '', apiSecret: '' };

/** Every message of the filled-in keys, by field (core's Hyperliquid rules). */
export function credentialErrors(values: Values): Partial<Record<CredentialField, string>> {
  const errors: Partial<Record<CredentialField, string>> = {};
  const wallet = walletAddressError(values.walletAddress);
  const key = apiKeyError(values.apiKey);
  const secret = privateKeyError(values.apiSecret);
  if (wallet) errors.walletAddress = wallet;
  if (key) errors.apiKey = key;
  if (secret) errors.apiSecret = secret;
  return errors;
}

/**
 * The one form state for connecting an exchange (the connect page, the Hyperliquid dialog and
 * the profile's key manager): network, wallet address, API key and its private key (sent as
 * `apiSecret`). A field's message shows once it was typed in or left, or after a submit; the
 * paper network needs no keys. `submit` gives the request body, or null while anything is
 * wrong.
 */
export function useCredentialsForm(options: CredentialsOptions = {}) {
  const [values, setValues] = useState(EMPTY);
  const [network, setNetwork] = useState<ExchangeNetwork>(options.network ?? 'mainnet');
  const [confirmed, setConfirmed] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<CredentialField, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  const needsKeys = network !== 'paper';
  const errors = needsKeys ? credentialErrors(values) : {};
  const confirmError =
    options.confirmTradingPermissions && needsKeys && !confirmed
      ? credentialMessages.tradingPermissionRequired
      : undefined;

  const fieldProps = (field: CredentialField) => ({
    value: values[field],
    error: touched[field] || submitted ? errors[field] : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const submit = (): ConnectExchangeRequest | null => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || confirmError) return null;
    if (!needsKeys) return { exchangeId: 'hyperliquid', network };
    return {
      exchangeId: 'hyperliquid',
      network,
      walletAddress: values.walletAddress.trim(),
      apiKey: values.apiKey.trim(),
      apiSecret: values.apiSecret.trim(),
    };
  };

  return {
    network,
    setNetwork,
    needsKeys,
    fieldProps,
    confirmation: options.confirmTradingPermissions
      ? { checked: confirmed, set: setConfirmed, error: submitted ? confirmError : undefined }
      : null,
    submit,
  };
}

export type CredentialsFormState = ReturnType<typeof useCredentialsForm>;
