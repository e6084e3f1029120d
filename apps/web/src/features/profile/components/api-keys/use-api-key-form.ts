import {
  apiKeyFormError,
  type ApiKeyListItem,
  type ApiKeyRequest,
  type ExchangeId,
  type ExchangeNetwork,
} from '@tb/core';
import { useState } from 'react';

export interface ApiKeyFormValues {
  exchangeId: ExchangeId;
  network: ExchangeNetwork;
  walletAddress: string;
  apiKey: string;
  apiSecret: string;
  isActive: boolean;
}

export type ApiKeyFormField = 'walletAddress' | 'apiKey' | 'apiSecret';

/**
 * A new key starts empty; an edited one keeps its exchange, network and active flag, and its
 * key fields start blank (SPEC.md section 5: the secrets are never sent back, so every key is
 * entered again).
 */
export function initialValues(editing: ApiKeyListItem | null): ApiKeyFormValues {
  return {
    exchangeId: editing?.exchangeId ?? 'hyperliquid',
    network: editing?.network ?? 'mainnet',
    walletAddress: '',
    apiKey: '',
    apiSecret: '',
    isActive: editing?.isActive ?? true,
  };
}

/** The API key manager form: core's first complaint, shown on its field, on save. */
export function useApiKeyForm(editing: ApiKeyListItem | null) {
  const [state, setValues] = useState(() => initialValues(editing));
  // The server locks the network of a saved key and reads a missing one as mainnet: an edit
  // always names the key's own network, whatever the form holds.
  const values: ApiKeyFormValues = editing ? { ...state, network: editing.network } : state;
  const [error, setError] = useState<{ field: ApiKeyFormField; message: string } | null>(null);
  const needsKeys = values.network !== 'paper';

  const set = <K extends keyof ApiKeyFormValues>(key: K, value: ApiKeyFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (error?.field === key) setError(null);
  };

  /**
   * The request body when the form is valid; otherwise null and the message shows. Editing a
   * paper key changes only isActive: its wallets are the server's, so no keys are sent.
   */
  const submit = (): ApiKeyRequest | null => {
    const { exchangeId, network, isActive } = values;
    if (!needsKeys) return { exchangeId, network, isActive };
    const problem = apiKeyFormError(values);
    if (problem && problem.field !== 'exchangeId') {
      setError({ field: problem.field, message: problem.message });
      return null;
    }
    return {
      exchangeId,
      network,
      isActive,
      walletAddress: values.walletAddress.trim(),
      apiKey: values.apiKey.trim(),
      apiSecret: values.apiSecret.trim(),
    };
  };

  const errorOf = (field: ApiKeyFormField) => (error?.field === field ? error.message : undefined);

  return { values, set, submit, errorOf, needsKeys };
}
