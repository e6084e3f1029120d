import { useQuery } from '@tanstack/react-query';
import type { ConnectedExchange } from '@tb/core';
import { useEffect } from 'react';
import { useSession } from '@/lib/use-session';
import { connectionsQueryOptions } from '../api';
import {
  useCurrentExchangeId,
  useLiveTradingEnabled,
  writeCurrentExchange,
} from '../exchange-state';
import { useLiveTradingSync } from './use-live-trading';

export interface ExchangeConnectionView {
  signedIn: boolean;
  /** The user's connections; empty while loading, signed out or on failure. */
  connections: ConnectedExchange[];
  /** The connection trades go through: the stored current one, else the newest. */
  current: ConnectedExchange | null;
  liveTradingEnabled: boolean;
  /** Signed in, connected and live trading on: the dashboard then reads the exchange. */
  live: boolean;
  isLoading: boolean;
}

/** The server's default connection: the newest (by connectedAt). */
function newest(connections: readonly ConnectedExchange[]): ConnectedExchange | null {
  let best: ConnectedExchange | null = null;
  for (const c of connections) if (!best || c.connectedAt > best.connectedAt) best = c;
  return best;
}

/**
 * The signed-in user's exchange connections (loaded as soon as a token is there, SPEC.md
 * section 4) and the current one. A stored current id that is not among them (another user's,
 * or deleted) is forgotten, so private calls fall back to the server's default connection.
 */
export function useExchangeConnection(): ExchangeConnectionView {
  const signedIn = useSession() !== null;
  const query = useQuery({ ...connectionsQueryOptions(), enabled: signedIn });
  const currentId = useCurrentExchangeId();
  const liveOnServer = useLiveTradingSync();
  const liveTradingEnabled = useLiveTradingEnabled();
  const connections = (signedIn && query.data) || [];
  const stored = connections.find((c) => c.id === currentId) ?? null;
  // Only a settled list counts: a refetch after connecting may be on its way.
  const stale =
    signedIn && query.isSuccess && !query.isFetching && currentId !== null && stored === null;

  useEffect(() => {
    if (stale) writeCurrentExchange(null);
  }, [stale]);

  const current = stored ?? newest(connections);
  return {
    signedIn,
    connections,
    current,
    liveTradingEnabled,
    // Live only once the server said so for this user: the browser's copy may be the last
    // user's, or stale, and it alone must never send orders.
    live: signedIn && current !== null && liveOnServer === true,
    isLoading: signedIn && query.isPending,
  };
}
