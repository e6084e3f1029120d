import { LazyPremiumLock } from '@/components/lazy-premium-lock';
import { closePremiumLock, usePremiumLockRequest } from '@/features/journal';

/** Shows the premium lock when an exchange write was refused with PREMIUM_REQUIRED. */
export function PremiumLockHost() {
  const lock = usePremiumLockRequest();
  return (
    <LazyPremiumLock
      open={lock.open}
      message={lock.message}
      onOpenChange={(open) => !open && closePremiumLock()}
    />
  );
}
