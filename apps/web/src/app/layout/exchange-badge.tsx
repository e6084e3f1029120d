import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/use-session';
import './exchange-badge.css';

// The exchange layer (queries, connection state) loads only for signed-in users, so `/`
// stays light for everyone else.
const ConnectionBadge = lazy(() =>
  import('@/features/exchange').then((m) => ({ default: m.ConnectionBadge })),
);
const TradeNavLink = lazy(() =>
  import('@/features/exchange').then((m) => ({ default: m.TradeNavLink })),
);

/** The top bar's exchange badge: the current connection when signed in and connected. */
export function ExchangeBadge() {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionBadge className="topbar__exchange" />
    </Suspense>
  );
}

/** The navigation's "Trade" item (to the trading page), while an exchange is connected. */
export function TradeNavItem({ className }: { className: (s: { isActive: boolean }) => string }) {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <TradeNavLink className={className} />
    </Suspense>
  );
}
