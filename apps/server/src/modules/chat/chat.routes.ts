import {
  CHAT_MESSAGE_ID_PATTERN,
  ChatMessageIdParamsSchema,
  ChatMessageResponseSchema,
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatMuteParamsSchema,
  ChatMuteRequestSchema,
  ChatMuteResponseSchema,
  ChatReadRequestSchema,
  ChatRoomParamsSchema,
  ChatRoomsResponseSchema,
  ChatStreamQuerySchema,
  PostChatMessageRequestSchema,
  SuccessResponseSchema,
} from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, unauthorized } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/auth.js';
import type { EventStreams } from '../events/event-streams.js';
import type { ChatFeed } from './chat-feed.js';
import type { ChatService } from './chat.service.js';
import { ChatLimitedError } from './chat-limits.js';
import { chatStreamFeed } from './chat-stream.js';

const security = [{ bearer: [] }];
const tags = ['chat'];

/** The replay's start: the Last-Event-ID header (a reconnect), else `?after=`, else none. */
function replayFrom(header: string | string[] | undefined, after: string | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value !== '') {
    if (!CHAT_MESSAGE_ID_PATTERN.test(value))
      throw badRequest('Last-Event-ID must be a message id');
    return Number(value);
  }
  return after === undefined ? null : Number(after);
}

/** The premium chat (DESIGN.md section 15): rooms, history, posts, read marks, the stream. */
export const chatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  feed: ChatFeed;
  streams: EventStreams;
  log: FastifyBaseLogger;
}> = async (app, { chat, feed, streams, log }) => {
  const signedIn = { onRequest: app.authenticate };

  app.get(
    '/chat/rooms',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Premium: the chat rooms (General, then one per coin) with your unread count (at most 100) and the last message time, and your mute if one runs',
        response: { 200: ChatRoomsResponseSchema },
      },
    },
    async (req) => chat.rooms(currentUser(req)),
  );

  app.get(
    '/chat/rooms/:room/messages',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Premium: a page of a room’s history, oldest first: the `limit` (1-100, default 50) messages before `before` (a message id); deleted ones come back emptied',
        params: ChatRoomParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesResponseSchema },
      },
    },
    async (req) => chat.history(currentUser(req), req.params.room, req.query),
  );

  app.post(
    '/chat/rooms/:room/messages',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Premium: post `{ text }` (1-1000 characters, plain text) or `{ plan, text? }` (a trade plan card); 403 CHAT_MUTED while muted, 429 over 5 per 10 s or 100 per hour',
        params: ChatRoomParamsSchema,
        body: PostChatMessageRequestSchema,
        response: { 201: ChatMessageResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        const message = await chat.post(currentUser(req), req.params.room, req.body);
        return await reply.status(201).send({ message });
      } catch (err) {
        // The error handler keeps headers set here: tell the client how long to wait.
        if (err instanceof ChatLimitedError) void reply.header('retry-after', err.retryAfterSec);
        throw err;
      }
    },
  );

  app.post(
    '/chat/rooms/:room/read',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Premium: marks the room read up to `lastReadId` (never backwards); unread counts are others’ messages after it',
        params: ChatRoomParamsSchema,
        body: ChatReadRequestSchema,
      },
    },
    async (req, reply) => {
      await chat.markRead(currentUser(req), req.params.room, req.body.lastReadId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/chat/stream',
    {
      ...signedIn,
      // Compression would hold the events back until a buffer fills.
      compress: false,
      schema: {
        tags,
        security,
        summary:
          'Premium: server-sent events of every room: `ready` once open, then `message` {message} (event id = message id), `deleted` {id, room}, and to you only `muted` {until} / `unmuted`. With a Last-Event-ID header (or `?after=`), first replays the newest 200 messages stored after it. A comment every 25 s; at most 5 open per user; ends after 15 minutes (open a new one)',
        querystring: ChatStreamQuerySchema,
      },
    },
    async (req, reply) => {
      const auth = req.auth;
      if (!auth) throw unauthorized();
      await chat.requirePremium(auth.user);
      const afterId = replayFrom(req.headers['last-event-id'], req.query.after);
      streams.serve(
        reply,
        { userId: auth.user.id, sessionId: auth.sessionId },
        'chat streams',
        chatStreamFeed(feed, (after) => chat.replay(after), afterId, log),
      );
    },
  );

  const admin = { onRequest: app.requireAdmin };
  const adminTags = ['admin'];

  app.delete(
    '/admin/chat/messages/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Delete a chat message (kept, emptied, shown as deleted; audited); every stream hears `deleted`',
        params: ChatMessageIdParamsSchema,
        response: { 200: ChatMessageResponseSchema },
      },
    },
    async (req) => ({ message: await chat.remove(currentUser(req), req.params.id) }),
  );

  app.post(
    '/admin/chat/mutes',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Mute a user in the chat for 1-43200 minutes (replaces a running mute; audited); their posts get 403 CHAT_MUTED',
        body: ChatMuteRequestSchema,
        response: { 200: ChatMuteResponseSchema },
      },
    },
    async (req) => ({ mute: await chat.mute(currentUser(req), req.body) }),
  );

  app.delete(
    '/admin/chat/mutes/:userId',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'End a user’s chat mute (404 when none runs; audited)',
        params: ChatMuteParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (req) => {
      await chat.unmute(currentUser(req), req.params.userId);
      return { success: true };
    },
  );
};
