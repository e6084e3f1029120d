import { EXCHANGE_NETWORKS, type ExchangeNetwork } from '@tb/core';
import { useId } from 'react';
import { NETWORK_LABELS } from '../labels';
import './exchange.css';

const HINTS: Readonly<Record<ExchangeNetwork, string>> = {
  mainnet: 'Real funds on Hyperliquid.',
  testnet: "Hyperliquid's test network, with test funds.",
  paper: 'The built-in paper exchange: no keys, nothing to lose.',
};

export interface NetworkFieldProps {
  value: ExchangeNetwork;
  onChange: (network: ExchangeNetwork) => void;
  /** Networks offered; all three by default. */
  options?: readonly ExchangeNetwork[];
  disabled?: boolean;
  /** A line under the options (e.g. why they are locked). */
  hint?: string;
}

/** The network a connection uses (DESIGN.md: mainnet, testnet or paper), as radio buttons. */
export function NetworkField({
  value,
  onChange,
  options = EXCHANGE_NETWORKS,
  disabled = false,
  hint,
}: NetworkFieldProps) {
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset
      className="network-field"
      disabled={disabled}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend className="field__label">Network</legend>
      <div className="network-field__options">
        {options.map((network) => (
          <label key={network} className="network-field__option">
            <input
              type="radio"
              name={name}
              value={network}
              checked={value === network}
              onChange={() => onChange(network)}
            />
            <span className="network-field__text">
              <span className="network-field__name">{NETWORK_LABELS[network]}</span>
              <span className="network-field__hint">{HINTS[network]}</span>
            </span>
          </label>
        ))}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
