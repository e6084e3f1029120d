import { CHAT_ROOMS, isChatRoomId, symbolBase, type ChatPlan, type ChatRoomId } from '@tb/core';

/** The room a plan of `pair` is shared to by default: its coin's room when listed, else General. */
export function defaultRoomOfPair(pair: string): ChatRoomId {
  const coin = symbolBase(pair)?.toLowerCase() ?? '';
  return isChatRoomId(coin) ? coin : 'general';
}

/** The room's name ('BTC', 'General'). */
export function roomName(room: string): string {
  return CHAT_ROOMS.find((r) => r.id === room)?.name ?? room;
}

/** The plan as posted: the size only when the trader chose to include it. */
export function planToShare(plan: ChatPlan, includeSize: boolean): ChatPlan {
  return { ...plan, size: includeSize ? plan.size : null };
}
