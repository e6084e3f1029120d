import { ComingSoon, Page } from '@/components';

export function HyperliquidTestPage() {
  return (
    <Page title="Hyperliquid Trading" lead="Account, positions, orders and history.">
      <ComingSoon
        heading="Live trading is on its way"
        plans={['Account details', 'Open positions', 'Open orders', 'Trade and order history']}
      >
        <p>This page will show your connected exchange account:</p>
      </ComingSoon>
    </Page>
  );
}
