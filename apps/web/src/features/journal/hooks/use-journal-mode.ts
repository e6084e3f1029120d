import { usePremium } from '@/features/auth';
import { useSession } from '@/lib/use-session';

/** Where the journal lives: the browser for anonymous users, the server with a token. */
export interface JournalMode {
  signedIn: boolean;
  /** Premium = the signed-in user's isPaidUser (anonymous users are never premium). */
  isPremium: boolean;
}

export function useJournalMode(): JournalMode {
  const signedIn = useSession() !== null;
  const isPremium = usePremium();
  return { signedIn, isPremium };
}
