import type { ChatMessage } from '@tb/core';
import type { FastifyInstance } from 'fastify';
import { authed } from './api.js';

/** A trade plan card as the web shares it. */
export const PLAN = {
  pair: 'BTCUSDT',
  isLong: true,
  entryPrice: 100,
  stopLoss: 90,
  takeProfit: 130,
  riskRewardRatio: 3,
  tier: '3R/R',
  size: 0.5,
};

/** Test calls of the chat routes, through app.inject. */
export function chatCalls(app: () => FastifyInstance) {
  const post = (token: string, room: string, body: object) =>
    authed(app(), token, 'POST', `/api/chat/rooms/${room}/messages`, body);
  return {
    post,
    /** Posts `text` and answers the stored message; fails unless 201. */
    say: async (token: string, room: string, text: string): Promise<ChatMessage> => {
      const res = await post(token, room, { text });
      if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { message: ChatMessage }).message;
    },
    history: (token: string, room: string, query = '') =>
      authed(app(), token, 'GET', `/api/chat/rooms/${room}/messages${query}`),
    rooms: async (token: string) => {
      const res = await authed(app(), token, 'GET', '/api/chat/rooms');
      if (res.statusCode !== 200) throw new Error(`rooms failed: ${res.statusCode} ${res.body}`);
      return res.json() as {
        rooms: Array<{ id: string; name: string; unread: number; lastMessageAt: string | null }>;
        muted: { until: string } | null;
      };
    },
    read: (token: string, room: string, lastReadId: string) =>
      authed(app(), token, 'POST', `/api/chat/rooms/${room}/read`, { lastReadId }),
  };
}
