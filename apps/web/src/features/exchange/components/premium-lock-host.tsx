import { lazy, Suspense } from 'react';
import { closePremiumLock, usePremiumLockRequest } from '@/features/journal';

const PremiumLock = lazy(() =>
  import('@/components/premium-lock').then((m) => ({ default: m.PremiumLock })),
);

/** Shows the premium lock when an exchange write was refused with PREMIUM_REQUIRED. */
export function PremiumLockHost() {
  const lock = usePremiumLockRequest();
  if (!lock.open) return null;
  return (
    <Suspense fallback={null}>
      <PremiumLock
        open
        message={lock.message}
        onOpenChange={(open) => !open && closePremiumLock()}
      />
    </Suspense>
  );
}
