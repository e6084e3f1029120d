import { useSearchParams } from 'react-router';
import { ComingSoon, Page } from '@/components';

export function ExchangeConnectPage() {
  const [params] = useSearchParams();
  const exchangeId = params.get('exchangeId') ?? 'hyperliquid';
  return (
    <Page title="Connect Exchange" lead={`Exchange: ${exchangeId}`}>
      <ComingSoon heading="Exchange connection is on its way">
        <p>
          Connecting a Hyperliquid account (or a paper account) with API keys will happen here.
          Hyperliquid is the only supported exchange.
        </p>
      </ComingSoon>
    </Page>
  );
}
