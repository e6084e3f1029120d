import { useQueryClient } from '@tanstack/react-query';
import type { ConnectedExchange } from '@tb/core';
import { useEffect, useState } from 'react';
import { exchangeKeys } from '@/features/exchange';
import { PaperFeed, paperFeedUrl } from '../lib/paper-feed';

/** How often the tables poll while the feed is up: a fallback for a push that was missed. */
export const FEED_FALLBACK_POLL_MS = 30_000;

/**
 * For a paper connection, follows its account on the app's `/paper/ws` (lib/paper-feed.ts):
 * each pushed fill or order change refreshes the account, positions, open orders, trades and
 * order history at once instead of at the next poll. Returns whether the feed is up (the
 * tables then poll only as a fallback). Real connections are not followed: the browser never
 * talks to Hyperliquid itself.
 */
export function usePaperFeed(connection: ConnectedExchange, connectionId: string | null): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const user = connection.network === 'paper' ? connection.walletAddress : undefined;

  useEffect(() => {
    if (!user) return undefined;
    const feed = new PaperFeed({
      url: paperFeedUrl(window.location),
      user,
      onLive: setLive,
      onChange: () => {
        for (const key of [
          exchangeKeys.account(connectionId),
          exchangeKeys.positions(connectionId),
          exchangeKeys.orders(connectionId),
          exchangeKeys.myTrades(connectionId),
          exchangeKeys.orderHistory(connectionId),
        ]) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      },
    });
    return () => {
      feed.close();
      setLive(false);
    };
  }, [user, connectionId, queryClient]);

  return live && user !== undefined;
}
