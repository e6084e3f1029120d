import type { QueryClient } from '@tanstack/react-query';
import { connectionsQueryOptions, userSettingsQueryOptions } from '@/features/exchange';
import { bingoQueryOptions, riskQueryOptions, tradesQueryOptions } from '@/features/journal';
import { widgetLayoutQueryOptions } from './api';

/**
 * What a signed-in trader's dashboard reads first: its layout, the board, the journal, the risk
 * state, the connections and the live-trading switch (the early GETs of /bingo, see
 * lib/early-requests.ts). Asked for as soon as the dashboard's code has loaded, before it
 * renders: the answers are usually in already (the page's document sent for them), so the
 * dashboard's first render shows the widgets with their data, in one render React can split
 * into short tasks, instead of empty widgets and then one long render when the data comes.
 */
export function prefetchDashboard(client: QueryClient): void {
  // Quiet (no `meta`): a read that fails is reported by the widget that shows it, when it asks
  // again; and a session the server has ended (401) signs the trader out through the session
  // check, without a notification per read.
  void client.prefetchQuery({ ...widgetLayoutQueryOptions(), meta: {} });
  void client.prefetchQuery({ ...bingoQueryOptions(), meta: {} });
  void client.prefetchQuery({ ...tradesQueryOptions(), meta: {} });
  void client.prefetchQuery({ ...riskQueryOptions(), meta: {} });
  void client.prefetchQuery({ ...connectionsQueryOptions(), meta: {} });
  void client.prefetchQuery({ ...userSettingsQueryOptions(), meta: {} });
}
