import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type StoredSession } from './session';

/** The stored session, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
