import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePageVisible } from '@/lib/use-page-visible';
import { useSession } from '@/lib/use-session';
import { journalKeys, tradesQueryOptions, workingLiveTrades } from '../api';
import {
  readJournalStream,
  setJournalStreamConnected,
  streamRetryDelay,
  type JournalChange,
} from '../journal-stream';

/**
 * The journal's push (issue 27): while signed in with a placed bracket working (what the cards
 * would otherwise poll every 2 s), follows GET /api/events and reads the trades or the risk
 * state again whenever the server says they changed (a fill closed a trade). While it is
 * connected the live trades are polled only as a fallback (journal-stream.ts); when it drops,
 * polling goes back to every 2 s and the stream is opened again after 1, 2, 4 … 30 s. Without
 * a working bracket no stream is held open (a page that waits for an idle network settles),
 * nor in a hidden tab (over HTTP/1.1 a browser keeps 6 connections per site: open tabs must
 * not hold them all; a hidden tab does not poll either, and reads again when shown).
 * Use once per page.
 */
export function useJournalEvents(): void {
  const token = useSession()?.token ?? null;
  const client = useQueryClient();
  // The trades on screen, without fetching them here.
  const working = useQuery({
    ...tradesQueryOptions(),
    enabled: false,
    select: workingLiveTrades,
  }).data;
  const visible = usePageVisible();
  const active = token !== null && Boolean(working) && visible;
  // Whether a stream was open before, in this page: changes may have been missed since.
  const openedBefore = useRef(false);
  useEffect(() => {
    if (!token || !active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const invalidate = (kind: JournalChange) =>
      void client.invalidateQueries({
        queryKey: kind === 'risk' ? journalKeys.risk : journalKeys.trades,
      });
    const connect = () => {
      void readJournalStream(token, controller.signal, {
        onReady: () => {
          attempt = 0;
          setJournalStreamConnected(true);
          // Back after a drop (or a hidden tab): what changed meanwhile was not pushed.
          if (openedBefore.current) {
            invalidate('trades');
            invalidate('risk');
          }
          openedBefore.current = true;
        },
        onChange: invalidate,
      })
        .catch(() => undefined)
        .finally(() => {
          // Aborted: the cleanup said so (a newer stream may already be connected).
          if (controller.signal.aborted) return;
          setJournalStreamConnected(false);
          timer = setTimeout(connect, streamRetryDelay(attempt++));
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setJournalStreamConnected(false);
    };
  }, [token, active, client]);
}
