import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/auth';
import { useSession } from '@/lib/use-session';

/** Whether the signed-in user is premium (isPaidUser); anonymous users never are. */
export function useIsPremium(): boolean {
  const session = useSession();
  const me = useQuery({ ...meQueryOptions(), enabled: session !== null });
  return session !== null && me.data?.isPaidUser === true;
}
