import type { ChatMessage } from '@tb/core';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { eventually, TEST_REDIS_URL } from '../../lib/redis/redis-testing.js';
import { auditEntriesFor, authed, newUser, register } from '../../test/api.js';
import { openEventStream } from '../../test/event-stream.js';
import { MAX_STREAMS_PER_USER } from '../events/event-streams.js';
import { DATABASES } from '../../test/helper.js';
import { twoInstances } from '../../test/instances.js';
import { CHAT_CHANNEL } from './chat-feed.js';
import { chatCalls } from '../../test/chat.js';

/**
 * Issue 31: the chat's stream on two instances behind one Redis (DESIGN.md section 10): a post
 * on one reaches a stream on the other, a reconnect replays what it missed, an admin's delete
 * and mute reach the streams, and a muted trader cannot post on either instance.
 */
for (const kind of DATABASES) {
  describe(`the chat on two instances [${kind}]`, () => {
    let instances: Awaited<ReturnType<typeof twoInstances>>;
    const url = { a: '', b: '' };
    let admin: { token: string; id: string };
    const on = { a: chatCalls(() => instances.a), b: chatCalls(() => instances.b) };

    const trader = async () => {
      const user = await register(instances.a, newUser('chatter'));
      await instances.database.db
        .update(users)
        .set({ isPaidUser: true })
        .where(eq(users.id, user.id));
      return user;
    };
    const stream = async (
      where: 'a' | 'b',
      token: string,
      headers: Record<string, string> = {},
      query = '',
    ) => {
      const opened = await openEventStream(url[where], token, {
        path: `/api/chat/stream${query}`,
        headers,
      });
      expect(opened.res.status).toBe(200);
      await opened.until(() => opened.events.some((e) => e.event === 'ready'), 'ready');
      const messages = () =>
        opened.events
          .filter((e) => e.event === 'message')
          .map((e) => ({ ...(e.data as { message: ChatMessage }).message, eventId: e.id }));
      return { ...opened, messages };
    };

    beforeAll(async () => {
      instances = await twoInstances(kind, TEST_REDIS_URL);
      admin = await register(instances.a, newUser('admin'));
      url.a = await instances.a.listen({ port: 0, host: '127.0.0.1' });
      url.b = await instances.b.listen({ port: 0, host: '127.0.0.1' });
      // Both instances listen on the chat's channel before anything is published.
      const redis = new Redis(TEST_REDIS_URL);
      try {
        await eventually(async () => {
          const channels = (await redis.pubsub('CHANNELS', `*${CHAT_CHANNEL}`)) as string[];
          const counts = (await redis.pubsub('NUMSUB', ...channels)) as (string | number)[];
          return counts.some((n, i) => i % 2 === 1 && Number(n) >= 2);
        }, 'both instances subscribed');
      } finally {
        redis.disconnect();
      }
    });
    // Streams are left open on purpose: closing the apps must end them, not wait for them.
    afterAll(() => instances.close());

    it('refuses the stream signed out (401), to a free user (403) and with a bad Last-Event-ID (400)', async () => {
      expect(
        (await openEventStream(url.a, undefined, { path: '/api/chat/stream' })).res.status,
      ).toBe(401);
      const free = await register(instances.a);
      const refused = await openEventStream(url.a, free.token, { path: '/api/chat/stream' });
      expect(refused.res.status).toBe(403);
      expect(((await refused.res.json()) as { error: { code: string } }).error.code).toBe(
        'PREMIUM_REQUIRED',
      );
      const ann = await trader();
      const bad = await openEventStream(url.a, ann.token, {
        path: '/api/chat/stream',
        headers: { 'last-event-id': 'abc' },
      });
      expect(bad.res.status).toBe(400);
    });

    it('a message posted on one instance reaches a stream on the other within a second', async () => {
      const ann = await trader();
      const bob = await trader();
      const there = await stream('b', bob.token);
      const here = await stream('a', ann.token);
      const started = Date.now();
      const posted = await on.a.say(ann.token, 'eth', 'hello from a');
      await there.until(() => there.messages().some((m) => m.id === posted.id), 'the message on b');
      expect(Date.now() - started).toBeLessThan(1000);
      await here.until(() => here.messages().some((m) => m.id === posted.id), 'the message on a');
      expect(there.messages().find((m) => m.id === posted.id)).toEqual({
        ...posted,
        eventId: posted.id,
      });
      expect(there.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(there.res.headers.get('content-encoding')).toBeNull();
      // And back: a post on b reaches the stream on a.
      const reply = await on.b.say(bob.token, 'eth', 'hi from b');
      await here.until(() => here.messages().some((m) => m.id === reply.id), 'the reply on a');
    });

    it('a reconnect with Last-Event-ID replays what it missed, without doubles, then live ones', async () => {
      const ann = await trader();
      const bob = await trader();
      const carl = await trader();
      const first = await on.a.say(ann.token, 'sol', 'one');
      const missed = [
        await on.a.say(ann.token, 'sol', 'two'),
        await on.a.say(carl.token, 'btc', 'three'),
      ];
      // A message deleted meanwhile is not replayed.
      const gone = await on.a.say(ann.token, 'sol', 'spam');
      expect(
        (await authed(instances.a, admin.token, 'DELETE', `/api/admin/chat/messages/${gone.id}`))
          .statusCode,
      ).toBe(200);

      const again = await stream('b', bob.token, { 'last-event-id': first.id });
      await again.until(() => again.messages().length >= 2, 'the replay');
      const live = await on.a.say(carl.token, 'sol', 'four');
      await again.until(() => again.messages().some((m) => m.id === live.id), 'the live one');
      const ids = again.messages().map((m) => m.id);
      expect(ids).toEqual([...missed.map((m) => m.id), live.id]);
      expect(new Set(ids).size).toBe(ids.length);

      // ?after= does the same (a client that read the history first).
      const after = await stream('a', bob.token, {}, `?after=${missed[1]!.id}`);
      const next = await on.b.say(bob.token, 'sol', 'five');
      await after.until(() => after.messages().some((m) => m.id === next.id), 'five');
      expect(after.messages().map((m) => m.id)).toEqual([live.id, next.id]);
    });

    it('an admin’s delete: refused to others, audited, emptied in the history, heard by streams', async () => {
      const ann = await trader();
      const message = await on.a.say(ann.token, 'doge', 'delete me');
      const bob = await trader();
      const watching = await stream('b', bob.token);
      const refused = await authed(
        instances.a,
        bob.token,
        'DELETE',
        `/api/admin/chat/messages/${message.id}`,
      );
      expect(refused.statusCode).toBe(403);
      const res = await authed(
        instances.a,
        admin.token,
        'DELETE',
        `/api/admin/chat/messages/${message.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatchObject({
        id: message.id,
        deleted: true,
        text: '',
        plan: null,
      });
      await watching.until(() => watching.events.some((e) => e.event === 'deleted'), 'deleted');
      expect(watching.events.find((e) => e.event === 'deleted')!.data).toEqual({
        id: message.id,
        room: 'doge',
      });
      const page = (await on.b.history(bob.token, 'doge')).json() as { messages: ChatMessage[] };
      expect(page.messages.find((m) => m.id === message.id)).toMatchObject({
        deleted: true,
        text: '',
        authorName: ann.username,
      });
      // Again: the same answer, one audit entry.
      expect(
        (await authed(instances.b, admin.token, 'DELETE', `/api/admin/chat/messages/${message.id}`))
          .statusCode,
      ).toBe(200);
      const audit = await auditEntriesFor(instances.database, message.id);
      expect(audit.map((entry) => entry.action)).toEqual(['chat.message_deleted']);
      expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: 'chat_message' });
      expect(audit[0]!.details).toMatchObject({
        room: 'doge',
        author: ann.username,
        text: 'delete me',
      });
      const unknown = await authed(
        instances.a,
        admin.token,
        'DELETE',
        '/api/admin/chat/messages/999999999',
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('a mute: the user cannot post on either instance, hears it, then an unmute lets them', async () => {
      const ann = await trader();
      const bob = await trader();
      const annStream = await stream('b', ann.token);
      const bobStream = await stream('b', bob.token);
      const mute = await authed(instances.a, admin.token, 'POST', '/api/admin/chat/mutes', {
        userId: ann.id,
        minutes: 30,
        reason: 'spam',
      });
      expect(mute.statusCode, mute.body).toBe(200);
      const until = mute.json().mute.until as string;
      expect(mute.json().mute).toEqual({ userId: ann.id, until, reason: 'spam' });
      await annStream.until(() => annStream.events.some((e) => e.event === 'muted'), 'muted');
      expect(annStream.events.find((e) => e.event === 'muted')!.data).toEqual({ until });

      for (const where of ['a', 'b'] as const) {
        const res = await on[where].post(ann.token, 'general', { text: 'let me talk' });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({
          code: 'CHAT_MUTED',
          message: `You are muted in the chat until ${until.slice(0, 16).replace('T', ' ')} UTC`,
        });
      }
      expect((await on.b.rooms(ann.token)).muted).toEqual({ until });
      expect((await on.b.rooms(bob.token)).muted).toBeNull();
      expect((await on.a.post(bob.token, 'general', { text: 'I can' })).statusCode).toBe(201);

      const byOther = await authed(
        instances.a,
        bob.token,
        'DELETE',
        `/api/admin/chat/mutes/${ann.id}`,
      );
      expect(byOther.statusCode).toBe(403);
      const unmute = await authed(
        instances.b,
        admin.token,
        'DELETE',
        `/api/admin/chat/mutes/${ann.id}`,
      );
      expect(unmute.statusCode, unmute.body).toBe(200);
      await annStream.until(() => annStream.events.some((e) => e.event === 'unmuted'), 'unmuted');
      expect((await on.a.post(ann.token, 'general', { text: 'thanks' })).statusCode).toBe(201);
      expect(
        (await authed(instances.a, admin.token, 'DELETE', `/api/admin/chat/mutes/${ann.id}`))
          .statusCode,
      ).toBe(404);
      const unknownUser = await authed(instances.a, admin.token, 'POST', '/api/admin/chat/mutes', {
        userId: '00000000-0000-4000-8000-000000000000',
        minutes: 5,
      });
      expect(unknownUser.statusCode).toBe(404);
      const tooLong = await authed(instances.a, admin.token, 'POST', '/api/admin/chat/mutes', {
        userId: ann.id,
        minutes: 43_201,
      });
      expect(tooLong.statusCode).toBe(400);

      const audit = await auditEntriesFor(instances.database, ann.id);
      expect(audit.map((entry) => entry.action)).toEqual(['chat.user_muted', 'chat.user_unmuted']);
      expect(audit[0]!.details).toMatchObject({ minutes: 30, until, reason: 'spam' });
      // Nobody else heard the mute.
      expect(bobStream.events.some((e) => e.event === 'muted' || e.event === 'unmuted')).toBe(
        false,
      );
    });

    it('limits hold across instances: 5 posts in 10 s, wherever they are sent', async () => {
      const ann = await trader();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? on.a : on.b).post(ann.token, 'xrp', { text: `burst ${i}` }),
        ),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    });

    it(`takes at most ${MAX_STREAMS_PER_USER} chat streams of one trader on an instance`, async () => {
      const ann = await trader();
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) await stream('a', ann.token);
      const refused = await openEventStream(url.a, ann.token, { path: '/api/chat/stream' });
      expect(refused.res.status).toBe(429);
      expect(((await refused.res.json()) as { error: { message: string } }).error.message).toBe(
        `At most ${MAX_STREAMS_PER_USER} chat streams may be open at once.`,
      );
      // The other instance counts its own.
      await stream('b', ann.token);
    });

    it('closing an app ends its open chat streams', async () => {
      const ann = await trader();
      const open = await stream('b', ann.token);
      const closing = instances.b.close();
      await open.ended();
      await closing;
    });
  });
}
