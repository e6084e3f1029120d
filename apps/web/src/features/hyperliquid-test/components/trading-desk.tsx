import type { ConnectedExchange } from '@tb/core';
import { useState } from 'react';
import { ACCOUNT_POLL_MS, useExchangeConnection } from '@/features/exchange';
import { SignalsPanel } from '@/features/signals';
import { UnjournaledSection } from '@/features/unjournaled';
import { useSessionLock } from '../hooks/use-session-lock';
import { FEED_FALLBACK_POLL_MS, usePaperFeed } from '../hooks/use-paper-feed';
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

export const deskTexts = {
  unjournaledElsewhere: 'Unjournaled trades are listed for your active connection.',
} as const;

/**
 * The server's default (active) connection: the newest, ties by id, as the server picks it.
 * Unjournaled trades are always read for it (GET /api/exchange/unjournaled has no choice).
 */
function activeConnectionId(connections: readonly ConnectedExchange[]): string | null {
  let best: ConnectedExchange | null = null;
  for (const c of connections) {
    if (
      !best ||
      c.connectedAt > best.connectedAt ||
      (c.connectedAt === best.connectedAt && c.id > best.id)
    )
      best = c;
  }
  return best?.id ?? null;
}

/** The connected account: balances, order entry, the tables the trader chose, and signals. */
export function TradingDesk({ connectionId, connection }: TradingDeskProps) {
  const actions = useTradingActions();
  // Up front from the risk state, or after the server refused an order (403 SESSION_ENDED).
  const lock = useSessionLock(actions.sessionRefusal);
  const [shown, setShown] = useState(DEFAULT_SECTIONS);
  const toggle = (id: SectionId) => setShown((current) => ({ ...current, [id]: !current[id] }));
  // null: private calls go to the server's default connection, the one unjournaled trades are
  // read for; a chosen connection is that one only when it is the newest.
  const { connections } = useExchangeConnection();
  const showsActive = connectionId === null || activeConnectionId(connections) === connection.id;
  // A paper account's fills and orders are pushed (/paper/ws): the polls are only a fallback.
  const pollMs = usePaperFeed(connection, connectionId) ? FEED_FALLBACK_POLL_MS : ACCOUNT_POLL_MS;

  return (
    <div className="trading-desk">
      {lock.locked ? <SessionEndedBanner lock={lock} /> : null}
      <LiveTradingSwitch />
      <div className="trading-desk__top">
        <AccountPanel connectionId={connectionId} connection={connection} pollMs={pollMs} />
        <OrderForm actions={actions} lockReason={lock.message} connectionId={connectionId} />
      </div>
      <SectionToggles shown={shown} onToggle={toggle} />
      {shown.positions ? (
        <PositionsTable connectionId={connectionId} actions={actions} pollMs={pollMs} />
      ) : null}
      {shown.orders ? (
        <OpenOrdersTable connectionId={connectionId} actions={actions} pollMs={pollMs} />
      ) : null}
      {shown.trades ? <TradeHistoryTable connectionId={connectionId} /> : null}
      {shown.history ? <OrderHistoryTable connectionId={connectionId} /> : null}
      {showsActive ? (
        <UnjournaledSection connectionId={connectionId} />
      ) : (
        <p className="trading-desk__note">{deskTexts.unjournaledElsewhere}</p>
      )}
      <SignalsPanel />
    </div>
  );
}
