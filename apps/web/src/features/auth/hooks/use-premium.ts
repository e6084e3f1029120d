import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/use-session';
import { meQueryOptions } from '../api';

/**
 * Whether the signed-in user is premium (the server's isPaidUser: a live subscription or
 * premium granted by the team); anonymous users never are. The one place the web app asks.
 * The server enforces premium on every premium route: this only decides what to show.
 */
export function usePremium(): boolean {
  const signedIn = useSession() !== null;
  const { data: isPaidUser = false } = useQuery({
    ...meQueryOptions(),
    enabled: signedIn,
    select: (user) => user.isPaidUser,
  });
  return signedIn && isPaidUser;
}
