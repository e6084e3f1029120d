import { lazy, Suspense, useState } from 'react';
import { useAuthDialog } from '../hooks/auth-dialog-store';

// The dialogs bring Radix Dialog and the zod schemas: load them when one is first opened.
const AuthDialogs = lazy(() => import('./auth-dialogs').then((m) => ({ default: m.AuthDialogs })));

/** Mounted once in the layout; stays mounted after the first open so its timers survive. */
export function AuthDialogsHost() {
  const { kind } = useAuthDialog();
  const [used, setUsed] = useState(false);
  if (kind !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
