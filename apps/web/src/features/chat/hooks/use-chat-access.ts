import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/auth';
import { useSession } from '@/lib/use-session';

/** Who may use the chat: a premium trader (with whether they are an admin), or who is locked out. */
export type ChatAccess =
  | { kind: 'loading' }
  | { kind: 'locked'; signedIn: boolean }
  | { kind: 'open'; myId: string; isAdmin: boolean };

/**
 * The chat is for premium traders and for admins whatever their plan, who moderate it (the
 * server refuses the others with 403 PREMIUM_REQUIRED): this decides only what to show — the
 * chat, or the premium lock.
 */
export function useChatAccess(): ChatAccess {
  const signedIn = useSession() !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  if (!signedIn) return { kind: 'locked', signedIn: false };
  if (me.isPending) return { kind: 'loading' };
  if (!me.data?.isPaidUser && !me.data?.isAdmin) return { kind: 'locked', signedIn: true };
  return { kind: 'open', myId: me.data.id, isAdmin: me.data.isAdmin };
}
