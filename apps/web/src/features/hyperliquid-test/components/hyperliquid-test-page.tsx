import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Page, Spinner } from '@/components';
import {
  connectionsQueryOptions,
  useCurrentExchangeId,
  useExchangeConnection,
} from '@/features/exchange';
import { errorMessage } from '@/lib/api-error';
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

  return (
    <Page title={pageTexts.title} lead={pageTexts.lead}>
      {connections.isPending ? <Spinner label="Loading exchange connection..." /> : null}
      {connections.isError ? (
        <Alert tone="error">
          <p>{errorMessage(connections.error, pageTexts.loadFailed)}</p>
          <Button variant="secondary" onClick={() => void connections.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {connections.isSuccess && !current ? <NotConnected /> : null}
      {current ? <TradingDesk connectionId={connectionId} connection={current} /> : null}
    </Page>
  );
}
