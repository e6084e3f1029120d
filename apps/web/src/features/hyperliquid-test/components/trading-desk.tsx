import type { ConnectedExchange } from '@tb/core';
import { useState } from 'react';
import { SignalsPanel } from '@/features/signals';
import { UnjournaledSection } from '@/features/unjournaled';
import { useSessionLock } from '../hooks/use-session-lock';
import { useTradingActions } from '../hooks/use-trading-actions';
import { AccountPanel } from './account-panel';
import { LiveTradingSwitch } from './live-trading-switch';
import { OpenOrdersTable } from './open-orders-table';
import { OrderForm } from './order-form';
import { OrderHistoryTable } from './order-history-table';
import { PositionsTable } from './positions-table';
import { DEFAULT_SECTIONS, SectionToggles, type SectionId } from './section-toggles';
import { SessionEndedBanner } from './session-ended-banner';
import { TradeHistoryTable } from './trade-history-table';

export interface TradingDeskProps {
  /** The id private calls name (`?connectionId=`), or null for the server's default. */
  connectionId: string | null;
  connection: ConnectedExchange;
}

/** The connected account: balances, order entry, the tables the trader chose, and signals. */
export function TradingDesk({ connectionId, connection }: TradingDeskProps) {
  const actions = useTradingActions();
  // Up front from the risk state, or after the server refused an order (403 SESSION_ENDED).
  const lock = useSessionLock(actions.sessionRefusal);
  const [shown, setShown] = useState(DEFAULT_SECTIONS);
  const toggle = (id: SectionId) => setShown((current) => ({ ...current, [id]: !current[id] }));

  return (
    <div className="trading-desk">
      {lock.locked ? <SessionEndedBanner lock={lock} /> : null}
      <LiveTradingSwitch />
      <div className="trading-desk__top">
        <AccountPanel connectionId={connectionId} connection={connection} />
        <OrderForm actions={actions} lockReason={lock.message} connectionId={connectionId} />
      </div>
      <SectionToggles shown={shown} onToggle={toggle} />
      {shown.positions ? <PositionsTable connectionId={connectionId} actions={actions} /> : null}
      {shown.orders ? <OpenOrdersTable connectionId={connectionId} actions={actions} /> : null}
      {shown.trades ? <TradeHistoryTable connectionId={connectionId} /> : null}
      {shown.history ? <OrderHistoryTable connectionId={connectionId} /> : null}
      <UnjournaledSection connectionId={connectionId} />
      <SignalsPanel />
    </div>
  );
}
