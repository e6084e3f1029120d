import {
  credentialMessages as m,
  walletAddressError,
  type ConnectExchangeRequest,
  type ExchangeNetwork,
} from '@tb/core';
import { useState } from 'react';
import type { FieldErrors } from '@/lib/form-errors';

export interface ConnectFormValues {
  apiKey: string;
  apiSecret: string;
  walletAddress: string;
  network: ExchangeNetwork;
  confirmed: boolean;
}

export type ConnectFormField = Exclude<keyof ConnectFormValues, 'network'>;

export const EMPTY_CONNECT_FORM: ConnectFormValues = {
  apiKey: '',
  apiSecret: '',
  walletAddress: '',
  network: 'mainnet',
  confirmed: false,
};

/**
 * SPEC.md section 5: API key, secret and the trading-permission checkbox are required; the
 * wallet address is required for Hyperliquid and checked with core's rule. Every message at
 * once, so the user sees all that is missing.
 */
export function connectFormErrors(values: ConnectFormValues): FieldErrors<ConnectFormField> {
  const errors: FieldErrors<ConnectFormField> = {};
  if (!values.apiKey.trim()) errors.apiKey = m.apiKeyRequired;
  if (!values.apiSecret.trim()) errors.apiSecret = m.apiSecretRequired;
  const wallet = values.walletAddress.trim()
    ? walletAddressError(values.walletAddress)
    : m.walletRequiredForHyperliquid;
  if (wallet) errors.walletAddress = wallet;
  if (!values.confirmed) errors.confirmed = m.tradingPermissionRequired;
  return errors;
}

/**
 * The connect form's state, kept by the page so that an error step can return to it with the
 * values still there. Messages appear after the first submit and then follow each input.
 */
export function useConnectForm() {
  const [values, setValues] = useState(EMPTY_CONNECT_FORM);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? connectFormErrors(values) : {};

  const set = <K extends keyof ConnectFormValues>(key: K, value: ConnectFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  /** The request when the form is valid; otherwise null, and the messages show. */
  const submit = (): ConnectExchangeRequest | null => {
    setSubmitted(true);
    if (Object.keys(connectFormErrors(values)).length > 0) return null;
    return {
      exchangeId: 'hyperliquid',
      network: values.network,
      apiKey: values.apiKey.trim(),
      apiSecret: values.apiSecret.trim(),
      walletAddress: values.walletAddress.trim(),
    };
  };

  return { values, errors, set, submit };
}

export type ConnectFormState = ReturnType<typeof useConnectForm>;
