import {
  hyperliquidFormErrors,
  type ConnectExchangeRequest,
  type ExchangeNetwork,
  type HyperliquidForm,
} from '@tb/core';
import { useState } from 'react';

export type HyperliquidField = keyof HyperliquidForm;

const EMPTY: Required<Record<HyperliquidField, string>> = {
  walletAddress: '',
  apiKey: '',
  privateKey: '',
};

/**
 * The Hyperliquid form (SPEC.md section 5): every field is checked on each input with core's
 * messages, shown once the field has been typed in or left; submit is ready only when all
 * three are present without errors. The paper network needs no keys.
 */
export function useHyperliquidForm() {
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<HyperliquidField, true>>>({});
  const [network, setNetwork] = useState<ExchangeNetwork>('mainnet');
  const errors = hyperliquidFormErrors(values);
  const needsKeys = network !== 'paper';

  const fieldProps = (field: HyperliquidField) => ({
    value: values[field],
    error: touched[field] ? errors[field] : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const request = (): ConnectExchangeRequest =>
    needsKeys
      ? {
          exchangeId: 'hyperliquid',
          network,
          walletAddress: values.walletAddress.trim(),
          apiKey: values.apiKey.trim(),
          apiSecret: values.privateKey.trim(),
        }
      : { exchangeId: 'hyperliquid', network };

  return {
    network,
    setNetwork,
    needsKeys,
    fieldProps,
    ready: !needsKeys || Object.keys(errors).length === 0,
    request,
  };
}
