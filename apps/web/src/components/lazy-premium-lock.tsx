import { lazy, Suspense } from 'react';
import type { PremiumLockProps } from './premium-lock';

const PremiumLock = lazy(() => import('./premium-lock').then((m) => ({ default: m.PremiumLock })));

/**
 * The premium lock, loaded when it first opens: it brings Radix's dialog, which a page that
 * only might show the lock (the dashboard, the trade idea's templates) should not download
 * up front. Closed, it renders nothing.
 */
export function LazyPremiumLock(props: PremiumLockProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <PremiumLock {...props} />
    </Suspense>
  );
}
