import type { ChatMessage } from '@tb/core';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatMessages, chatMutes, chatReadMarks, users } from '../../db/schema/index.js';
import { authed, newUser, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { BURST_MAX } from './chat-limits.js';
import { PLAN, chatCalls } from '../../test/chat.js';

/** Issue 31: the premium chat's routes (rooms, history, posts, read marks, limits). */

const START = new Date('2026-07-10T12:00:00Z').getTime();

describeEachDatabase('chat', (ctx) => {
  let admin: { token: string };
  let premium: { token: string; id: string; username: string };
  let free: { token: string };
  let minute = 0;
  const chat = chatCalls(() => ctx.app);

  /** A new premium trader (each test posts as its own, so the limits start fresh). */
  const trader = async () => {
    const user = await register(ctx.app, newUser('chatter'));
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, user.id));
    return user;
  };
  const stored = async () =>
    (await ctx.database.db.select({ n: count() }).from(chatMessages))[0]!.n;

  beforeAll(async () => {
    ctx.clock.set(START);
    ({ admin, premium, user: free } = await roles(ctx.app, ctx.database));
  });
  // Every test a minute later than the last: the per-user windows never carry over.
  beforeEach(() => ctx.clock.set(START + ++minute * 60_000));

  it('lists General first, then the coin rooms, with unread counts and no mute', async () => {
    const { rooms, muted } = await chat.rooms(premium.token);
    expect(rooms[0]).toEqual({ id: 'general', name: 'General', unread: 0, lastMessageAt: null });
    expect(rooms.map((r) => r.id)).toEqual(expect.arrayContaining(['btc', 'eth', 'sol']));
    expect(muted).toBeNull();
  });

  it('posts text and a plan, stores them as given and pages the history oldest first', async () => {
    const ann = await trader();
    const html = await chat.say(ann.token, 'btc', '  <b>long</b> & strong\nsecond line  ');
    expect(html).toMatchObject({
      room: 'btc',
      authorName: ann.username,
      authorId: ann.id,
      kind: 'text',
      text: '<b>long</b> & strong\nsecond line',
      plan: null,
      deleted: false,
      createdAt: new Date(START + minute * 60_000).toISOString(),
    });
    expect(html.id).toMatch(/^\d+$/);
    const card = await chat.post(ann.token, 'btc', { plan: PLAN, text: 'my idea' });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().message).toMatchObject({ kind: 'plan', text: 'my idea', plan: PLAN });
    const bare = await chat.post(ann.token, 'btc', { plan: { ...PLAN, size: undefined } });
    expect(bare.json().message).toMatchObject({ kind: 'plan', text: '', plan: { size: null } });

    // More messages (each in a new window of the limits), then page back two at a time.
    const more: ChatMessage[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(10_001);
      more.push(await chat.say(ann.token, 'btc', `msg ${i}`));
    }
    const all = [html, card.json().message, bare.json().message, ...more] as ChatMessage[];
    const ids = all.map((message) => BigInt(message.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids); // strictly increasing

    const first = await chat.history(premium.token, 'btc', '?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().hasMore).toBe(true);
    expect(first.json().messages.map((m: ChatMessage) => m.text)).toEqual(['msg 1', 'msg 2']);
    const older = await chat.history(premium.token, 'btc', `?limit=2&before=${more[1]!.id}`);
    expect(older.json().messages.map((m: ChatMessage) => m.id)).toEqual([all[2]!.id, all[3]!.id]);
    const oldest = await chat.history(premium.token, 'btc', `?before=${all[2]!.id}`);
    expect(oldest.json()).toEqual({ messages: [all[0], all[1]], hasMore: false });
    // Another room holds none of them.
    expect((await chat.history(premium.token, 'eth')).json()).toEqual({
      messages: [],
      hasMore: false,
    });
  });

  describe('who may use it', () => {
    const routes = () =>
      [
        ['GET', '/api/chat/rooms', undefined],
        ['GET', '/api/chat/rooms/general/messages', undefined],
        ['POST', '/api/chat/rooms/general/messages', { text: 'hi' }],
        ['POST', '/api/chat/rooms/general/read', { lastReadId: '1' }],
        ['GET', '/api/chat/stream', undefined],
      ] as const;

    it('answers 401 signed out and 403 PREMIUM_REQUIRED to a free user, on every route', async () => {
      const before = await stored();
      for (const [method, url, body] of routes()) {
        const out = await ctx.app.inject({ method, url, ...(body && { payload: body }) });
        expect(out.statusCode, `${method} ${url}`).toBe(401);
        expect(out.json().error.code).toBe('UNAUTHORIZED');
        const res = await authed(ctx.app, free.token, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('PREMIUM_REQUIRED');
      }
      expect(await stored()).toBe(before);
    });

    it('an admin may read and post without a plan (to moderate)', async () => {
      expect((await chat.rooms(admin.token)).rooms.length).toBeGreaterThan(1);
      expect((await chat.post(admin.token, 'general', { text: 'Be nice' })).statusCode).toBe(201);
    });

    it('a paid plan opens it; the admin routes stay the admin’s', async () => {
      const res = await authed(ctx.app, premium.token, 'DELETE', '/api/admin/chat/messages/1');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ADMIN_REQUIRED');
      const mute = await authed(ctx.app, premium.token, 'POST', '/api/admin/chat/mutes', {
        userId: premium.id,
        minutes: 5,
      });
      expect(mute.statusCode).toBe(403);
    });
  });

  describe('bad input: 400 with a sentence, nothing stored', () => {
    it.each([
      ['an unknown room', 'nope', { text: 'hi' }, 'Room must be one of'],
      ['an upper-case room', 'BTC', { text: 'hi' }, 'Room must be one of'],
      ['empty text', 'general', { text: '   ' }, 'Message is required'],
      ['no text nor plan', 'general', {}, 'Send a message text or a trade plan'],
      ['too long text', 'general', { text: 'x'.repeat(1001) }, 'at most 1000 characters'],
      ['a tab', 'general', { text: 'a\tb' }, 'control characters'],
      ['an escape', 'general', { text: 'a\u001b[31mred' }, 'control characters'],
      ['a bidi override', 'general', { text: 'a\u202Eb' }, 'control characters'],
      ['text as a number', 'general', { text: 5 }, 'Message must be text'],
      ['a plan without a stop', 'general', { plan: { ...PLAN, stopLoss: undefined } }, 'Stop loss'],
    ])('refuses %s', async (_what, room, body, message) => {
      const ann = await trader();
      const before = await stored();
      const res = await chat.post(ann.token, room, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
      expect(await stored()).toBe(before);
    });

    it('refuses bad paging and read marks', async () => {
      for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=0', '?before=abc']) {
        const res = await chat.history(premium.token, 'general', query);
        expect(res.statusCode, query).toBe(400);
      }
      expect((await chat.history(premium.token, 'nope')).statusCode).toBe(400);
      expect((await chat.read(premium.token, 'general', '-1')).statusCode).toBe(400);
      expect((await chat.read(premium.token, 'nope', '1')).statusCode).toBe(400);
    });
  });

  it(`stores exactly ${BURST_MAX} of 10 posts sent at once, then 429 says when to retry`, async () => {
    const ann = await trader();
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => chat.post(ann.token, 'sol', { text: `burst ${i}` })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(BURST_MAX).fill(201), ...Array(10 - BURST_MAX).fill(429)]);
    expect(await stored()).toBe(before + BURST_MAX);
    const refused = answers.find((res) => res.statusCode === 429)!.json().error;
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe('You are sending messages too fast. Try again in 10 seconds.');
    expect(answers.find((res) => res.statusCode === 429)!.headers['retry-after']).toBe('10');
    // Another trader is not held back; the same one is again after the window.
    expect((await chat.post(premium.token, 'sol', { text: 'me too' })).statusCode).toBe(201);
    ctx.clock.advance(10_001);
    expect((await chat.post(ann.token, 'sol', { text: 'again' })).statusCode).toBe(201);
  });

  it('allows 100 posts an hour', async () => {
    const ann = await trader();
    for (let i = 0; i < 100; i++) {
      if (i % 5 === 0) ctx.clock.advance(10_001);
      const res = await chat.post(ann.token, 'avax', { text: `n${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    ctx.clock.advance(10_001);
    const res = await chat.post(ann.token, 'avax', { text: 'one more' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(
      /^You are sending messages too fast\. Try again in \d+ minutes\.$/,
    );
  });

  it('counts others’ messages after the read mark, per user and room', async () => {
    const ann = await trader();
    const bob = await trader();
    const a1 = await chat.say(ann.token, 'doge', 'one');
    await chat.say(ann.token, 'doge', 'two');
    const b1 = await chat.say(bob.token, 'doge', 'three');
    const unread = async (token: string) =>
      (await chat.rooms(token)).rooms.find((room) => room.id === 'doge')!;

    // Own messages never count; with no mark, everything by others does.
    expect((await unread(ann.token)).unread).toBe(1);
    expect((await unread(bob.token)).unread).toBe(2);
    expect((await unread(bob.token)).lastMessageAt).toBe(b1.createdAt);

    const read = await chat.read(bob.token, 'doge', a1.id);
    expect(read.statusCode, read.body).toBe(204);
    expect((await unread(bob.token)).unread).toBe(1);
    // Ann's count is hers: Bob's mark changed nothing for her.
    expect((await unread(ann.token)).unread).toBe(1);
    // A mark never goes back, and never past the room's last message.
    await chat.read(bob.token, 'doge', '1');
    expect((await unread(bob.token)).unread).toBe(1);
    await chat.read(bob.token, 'doge', '999999999999');
    expect((await unread(bob.token)).unread).toBe(0);
    const later = await chat.say(ann.token, 'doge', 'four');
    expect((await unread(bob.token)).unread).toBe(1);
    expect(BigInt(later.id)).toBeGreaterThan(BigInt(b1.id));
  });

  it('keeps a deleted account’s messages under the name it wrote; its marks and mute go', async () => {
    const ann = await trader();
    const said = await chat.say(ann.token, 'hype', 'before I go');
    expect((await chat.read(ann.token, 'hype', said.id)).statusCode).toBe(204);
    const mute = await authed(ctx.app, admin.token, 'POST', '/api/admin/chat/mutes', {
      userId: ann.id,
      minutes: 10,
    });
    expect(mute.statusCode, mute.body).toBe(200);
    const gone = await authed(ctx.app, admin.token, 'DELETE', `/api/users/${ann.id}`);
    expect(gone.statusCode, gone.body).toBe(204);

    const page = (await chat.history(premium.token, 'hype')).json() as { messages: ChatMessage[] };
    expect(page.messages.find((m) => m.id === said.id)).toMatchObject({
      authorName: ann.username,
      authorId: '',
      text: 'before I go',
      deleted: false,
    });
    const db = ctx.database.db;
    expect(await db.select().from(chatReadMarks).where(eq(chatReadMarks.userId, ann.id))).toEqual(
      [],
    );
    expect(await db.select().from(chatMutes).where(eq(chatMutes.userId, ann.id))).toEqual([]);
  });
});
