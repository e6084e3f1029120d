import {
  contactTexts,
  type ContactMessageListResponse,
  type ContactMessageResponse,
} from '@tb/core';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { contactMessages } from '../../db/schema/index.js';
import { authed, bearer, newUser, register, roles, someIp } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

type Roles = Awaited<ReturnType<typeof roles>>;

let seq = 0;
/** A valid message from a sender address no other test uses. */
const message = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: 'Ada Lovelace',
    email: `sender${seq}${Math.random().toString(36).slice(2, 6)}@example.com`,
    message: 'The R column of my trade history looks wrong.',
    ...over,
  };
};

describeEachDatabase('POST /api/contact and GET /api/admin/contact-messages', (ctx) => {
  let r: Roles;
  const post = (payload: object, opts: { ip?: string; token?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      remoteAddress: opts.ip ?? someIp(),
      ...(opts.token && { headers: bearer(opts.token) }),
    });
  const rowsFrom = (email: string) =>
    ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  const stored = async () =>
    (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
  const contactMails = () => ctx.mailer.sent.filter((m) => m.subject.startsWith('Contact Us'));

  beforeAll(async () => {
    r = await roles(ctx.app, ctx.database);
    // A second admin: every admin gets the mail.
    await authed(ctx.app, r.admin.token, 'PUT', '/api/users/admin-status', {
      userId: r.premium.id,
      isAdmin: true,
    });
  });

  it.each([
    ['no name', { name: undefined }, 'name', 'Please enter your name'],
    ['a blank name', { name: '   ' }, 'name', 'Please enter your name'],
    ['a bad email', { email: 'ada.example.com' }, 'email', 'Please enter a valid email address'],
    ['no message', { message: '' }, 'message', 'Please enter a message'],
    [
      'a message too long',
      { message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_s, over, field, text) => {
    const before = await stored();
    const res = await post(message(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', field, message: text });
    expect(await stored()).toBe(before);
  });

  it('stores a visitor message at the app clock and tells the sender it was only saved (no SMTP)', async () => {
    ctx.clock.set('2026-11-28T10:00:00.000Z');
    const mailsBefore = contactMails().length;
    const body = message({ name: '  Ada  ', message: ' Hello\nteam ' });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as ContactMessageResponse;
    expect(answer).toMatchObject({ delivery: 'saved', message: contactTexts.saved });

    const [row] = await rowsFrom(body.email);
    expect(row).toMatchObject({
      id: answer.id,
      userId: null,
      name: 'Ada',
      message: 'Hello\nteam',
      mailStatus: 'logged',
      mailedAt: null,
      mailError: null,
    });
    expect(row!.createdAt.toISOString()).toBe('2026-11-28T10:00:00.000Z');

    // The development outbox got one mail per admin, answering to the sender.
    const mails = contactMails().slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([r.admin.email, r.premium.email].sort());
    expect(mails[0]).toMatchObject({
      subject: 'Contact Us: message from Ada',
      replyTo: body.email,
    });
    expect(mails[0]!.text).toContain('Hello\nteam');
    expect(mails[0]!.links).toEqual(['http://app.test/admin#messages']);
  });

  it('names the account of a signed-in sender', async () => {
    const body = message();
    const res = await post(body, { token: r.user.token });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsFrom(body.email);
    expect(row!.userId).toBe(r.user.id);
    const list = await authed(ctx.app, r.admin.token, 'GET', '/api/admin/contact-messages');
    const found = (list.json() as ContactMessageListResponse).messages.find(
      (m) => m.email === body.email,
    );
    expect(found?.user).toEqual({ id: r.user.id, username: r.user.username });
  });

  it('sends a message with an expired token as a visitor rather than refusing it', async () => {
    const body = message();
    const res = await post(body, { token: 'not.a.token' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowsFrom(body.email))[0]!.userId).toBeNull();
  });

  it('keeps the message and says so when the mail to the admins fails', async () => {
    const send = vi.spyOn(ctx.mailer, 'send').mockRejectedValue(new Error('mailbox full'));
    try {
      const body = message();
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ delivery: 'saved', message: contactTexts.mailFailed });
      const [row] = await rowsFrom(body.email);
      expect(row!.mailStatus).toBe('failed');
      expect(row!.mailError).toContain(`${r.admin.email}: mailbox full`);
    } finally {
      send.mockRestore();
    }
  });

  it('limits one sender address to 3 messages an hour, says when to retry, and stores no more', async () => {
    ctx.clock.set('2026-11-28T12:00:00.000Z');
    const email = message().email;
    for (let i = 0; i < 3; i += 1) {
      expect((await post(message({ email }))).statusCode).toBe(201);
    }
    ctx.clock.advance(18 * 60_000);
    const refused = await post(message({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: contactTexts.tooMany('42 minutes'),
    });
    expect(refused.headers['retry-after']).toBe(String(42 * 60));
    expect(await rowsFrom(email)).toHaveLength(3);
    // The hour over, the sender may write again.
    ctx.clock.advance(42 * 60_000);
    expect((await post(message({ email }))).statusCode).toBe(201);
  });

  it('limits one client address to 5 messages an hour, whatever the sender address', async () => {
    const ip = someIp();
    for (let i = 0; i < 5; i += 1) expect((await post(message(), { ip })).statusCode).toBe(201);
    const before = await stored();
    const refused = await post(message(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(contactTexts.tooMany('60 minutes'));
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(await stored()).toBe(before);
    // Another address is not slowed down by this one.
    expect((await post(message())).statusCode).toBe(201);
  });

  it('lists messages to admins only', async () => {
    const url = '/api/admin/contact-messages';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const asUser = await authed(ctx.app, r.user.token, 'GET', url);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.code).toBe('ADMIN_REQUIRED');
    expect((await authed(ctx.app, r.admin.token, 'GET', url)).statusCode).toBe(200);
  });

  it('lists the newest first, in pages, with the stored fields', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = message({ message: `page test ${i}` });
      // Later than every other message of the suite; read back on real time (sessions live).
      const res = await ctx.clock.at(`2030-01-0${i + 1}T08:00:00.000Z`, () => post(body));
      expect(res.statusCode).toBe(201);
      sent.push(body.email);
    }
    const total = await stored();
    const page = async (n: number) => {
      const url = `/api/admin/contact-messages?page=${n}&pageSize=2`;
      const res = await authed(ctx.app, r.admin.token, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ContactMessageListResponse;
    };
    const first = await page(1);
    expect(first).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(first.messages.map((m) => m.email)).toEqual([sent[2], sent[1]]);
    expect(first.messages[0]).toMatchObject({
      createdAt: '2030-01-03T08:00:00.000Z',
      name: 'Ada Lovelace',
      message: 'page test 2',
      user: null,
      mailStatus: 'logged',
      mailedAt: null,
      mailError: null,
    });
    expect((await page(2)).messages.map((m) => m.email)).toEqual([sent[0], expect.any(String)]);
    const bad = await authed(
      ctx.app,
      r.admin.token,
      'GET',
      '/api/admin/contact-messages?pageSize=0',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Page size must be a whole number from 1 to 100');
  });

  it('keeps a message when its sender account is deleted', async () => {
    const gone = await register(ctx.app, newUser('gone'));
    const body = message();
    expect((await post(body, { token: gone.token })).statusCode).toBe(201);
    await authed(ctx.app, r.admin.token, 'DELETE', `/api/users/${gone.id}`);
    const [row] = await rowsFrom(body.email);
    expect(row).toMatchObject({ userId: null, message: body.message });
  });
});
