import { tradeSizing, type RiskSettingsRequest, type TradeSizing } from '@tb/core';
import { useState } from 'react';
import { connectionLabel, useExchangeBalance } from '@/features/exchange';
import { AssetsForm } from './assets-form';

const usd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

export interface AssetsSectionProps {
  accountSize: number;
  baseTradeSize: number;
  tradeStreak: number;
  /** Sizing from the stored account and trade size. */
  storedSizing: TradeSizing;
  onSave: (settings: RiskSettingsRequest) => void;
}

/** The exchange's sizing while its balance is known, else the stored one. */
function useAssetsSizing(tradeStreak: number, storedSizing: TradeSizing) {
  const exchange = useExchangeBalance();
  const balance = exchange.balanceUsd;
  const sizing =
    balance === null
      ? storedSizing
      : tradeSizing({ streak: tradeStreak, exchangeBalanceUsd: balance });
  return { exchange, sizing, fromExchange: balance !== null };
}

/**
 * Account size and trade size. While live trading is on, they come from the exchange (SPEC.md
 * section 9: the USDC balance, and round(balance × (10 + 2 × streak) / 100)) and cannot be
 * edited; when the balance cannot be read, the stored values are shown again.
 */
export function AssetsSection(props: AssetsSectionProps) {
  const { exchange, sizing, fromExchange } = useAssetsSizing(props.tradeStreak, props.storedSizing);
  const [editing, setEditing] = useState(false);
  const canEdit = !fromExchange;
  return (
    <section aria-labelledby="rs-assets">
      <div className="risk-sidebar__heading">
        <h2 id="rs-assets">Assets</h2>
        {canEdit && !editing ? (
          <button type="button" className="risk-sidebar__edit" onClick={() => setEditing(true)}>
            Edit
          </button>
        ) : null}
      </div>
      {canEdit && editing ? (
        <AssetsForm
          accountSize={props.accountSize}
          baseTradeSize={props.baseTradeSize}
          onCancel={() => setEditing(false)}
          onSave={(settings) => {
            props.onSave(settings);
            setEditing(false);
          }}
        />
      ) : (
        <dl className="risk-sidebar__facts">
          <dt>Account size</dt>
          <dd>{usd(sizing.accountSizeUsd)}</dd>
          <dt>Trade size</dt>
          <dd>{usd(sizing.tradeSizeUsd)}</dd>
        </dl>
      )}
      {fromExchange && exchange.connection ? (
        <p className="risk-sidebar__source">
          USDC balance from {connectionLabel(exchange.connection)}
        </p>
      ) : null}
      {exchange.error ? (
        <p className="risk-sidebar__source is-error" role="alert">
          {exchange.error}
        </p>
      ) : null}
    </section>
  );
}
