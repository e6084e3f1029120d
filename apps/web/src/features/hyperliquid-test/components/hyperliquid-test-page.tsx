import { useQuery } from '@tanstack/react-query';
import { Page, QueryStatus } from '@/components';
import {
  connectionsQueryOptions,
  useCurrentExchangeId,
  useExchangeConnection,
} from '@/features/exchange';
import { useJournalEvents } from '@/features/journal';
import { NotConnected } from './not-connected';
import { TradingDesk } from './trading-desk';
import './hyperliquid-test.css';

export const pageTexts = {
  title: 'Hyperliquid Trading',
  lead: 'Your exchange account: balance, positions, orders and history. Place and cancel orders.',
  loadFailed: 'Failed to load exchange connections',
} as const;

/** /hyperliquid-test: live trading on the connected Hyperliquid (or paper) account. */
export function HyperliquidTestPage() {
  const { current } = useExchangeConnection();
  // The same cached list, read here for its loading and error states.
  const connections = useQuery(connectionsQueryOptions());
  const connectionId = useCurrentExchangeId();
  // The session lock shown here moves with the journal: pushed while a bracket works.
  useJournalEvents();

  return (
    <Page title={pageTexts.title} lead={pageTexts.lead}>
      <QueryStatus
        query={connections}
        loading="Loading exchange connection..."
        error={pageTexts.loadFailed}
      >
        {() =>
          current ? (
            <TradingDesk connectionId={connectionId} connection={current} />
          ) : (
            <NotConnected />
          )
        }
      </QueryStatus>
    </Page>
  );
}
