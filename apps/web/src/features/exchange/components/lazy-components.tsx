import { lazy, Suspense, useState } from 'react';
import type { HyperliquidConnectionDialogProps } from './hyperliquid-connection-dialog';

// These bring Radix Dialog and the journal's premium-lock store: they load when first shown,
// so the exchange layer stays light enough to ship with the top bar.
const Dialog = lazy(() =>
  import('./hyperliquid-connection-dialog').then((m) => ({
    default: m.HyperliquidConnectionDialog,
  })),
);
const LockHost = lazy(() =>
  import('./premium-lock-host').then((m) => ({ default: m.PremiumLockHost })),
);

/** The Hyperliquid Connection modal, downloaded the first time it opens. */
export function LazyHyperliquidConnectionDialog(props: HyperliquidConnectionDialogProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

/**
 * The premium lock of exchange writes (over the plan's key limit). Render it once on a page
 * that offers them; the dashboard has its own.
 */
export function ExchangePremiumLock() {
  return (
    <Suspense fallback={null}>
      <LockHost />
    </Suspense>
  );
}
