import type { RiskSettingsRequest } from '@tb/core';
import { formatUsd } from '@/lib/format';
import { useState } from 'react';
import { connectionLabel } from '@/features/exchange';
import type { TradeSizingView } from '../hooks/use-trade-sizing';
import { AssetsForm } from './assets-form';

export interface AssetsSectionProps {
  accountSize: number;
  baseTradeSize: number;
  /** The sizing on screen (the exchange's while live trading is on). */
  view: TradeSizingView;
  onSave: (settings: RiskSettingsRequest) => void;
}

/**
 * Account size and trade size. While live trading is on, they come from the exchange (SPEC.md
 * section 9: the USDC balance, and round(balance × (10 + 2 × streak) / 100)) and cannot be
 * edited; when the balance cannot be read, the stored values are shown again.
 */
export function AssetsSection({ accountSize, baseTradeSize, view, onSave }: AssetsSectionProps) {
  const { exchange, sizing, fromExchange } = view;
  const [editing, setEditing] = useState(false);
  const canEdit = !fromExchange;
  return (
    <section aria-labelledby="rs-assets">
      <div className="risk-sidebar__heading">
        <h2 id="rs-assets">Assets</h2>
        {canEdit && !editing ? (
          <button
            type="button"
            className="risk-sidebar__edit"
            aria-label="Edit assets"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        ) : null}
      </div>
      {canEdit && editing ? (
        <AssetsForm
          accountSize={accountSize}
          baseTradeSize={baseTradeSize}
          onCancel={() => setEditing(false)}
          onSave={(settings) => {
            onSave(settings);
            setEditing(false);
          }}
        />
      ) : (
        <dl className="risk-sidebar__facts">
          <dt>Account size</dt>
          <dd>{formatUsd(Math.round(sizing.accountSizeUsd))}</dd>
          <dt>Trade size</dt>
          <dd>{formatUsd(Math.round(sizing.tradeSizeUsd))}</dd>
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
