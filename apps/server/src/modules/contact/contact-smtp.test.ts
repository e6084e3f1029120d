import type { AddressInfo } from 'node:net';
import { contactTexts } from '@tb/core';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/index.js';
import { newUser, register, someIp } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** A local SMTP server: what it received, by recipient. */
const received: Array<{ to: string[]; data: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      done();
    });
  },
});
const listening = new Promise<number>((resolve) =>
  smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
);
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describeEachDatabase(
  'Contact Us over SMTP_URL',
  (ctx) => {
    const post = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Grace', email, message: 'Where is my receipt?' },
        remoteAddress: someIp(),
      });
    const rowOf = async (email: string) =>
      (
        await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email))
      )[0];

    it('keeps a message sent before anyone could read it, and says it was only saved', async () => {
      const email = 'early@example.com';
      const res = await post(email);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ delivery: 'saved', message: contactTexts.saved });
      expect(await rowOf(email)).toMatchObject({ mailStatus: 'no-admins', mailedAt: null });
    });

    it('mails the admin, answerable to the sender, and tells the sender it was sent', async () => {
      const admin = await register(ctx.app, newUser('admin'));
      expect(admin.isAdmin).toBe(true);
      ctx.clock.set('2026-11-28T09:30:00.000Z');
      const email = 'grace@example.com';
      const res = await post(email);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ delivery: 'mailed', message: contactTexts.mailed });
      const row = await rowOf(email);
      expect(row).toMatchObject({ mailStatus: 'mailed', mailError: null });
      expect(row!.mailedAt?.toISOString()).toBe('2026-11-28T09:30:00.000Z');
      const mail = received.find((m) => m.to.includes(admin.email) && m.data.includes('Grace'));
      expect(mail?.data).toContain('Subject: Contact Us: message from Grace');
      expect(mail?.data).toContain('Reply-To: grace@example.com');
      expect(mail?.data).toContain('Where is my receipt?');
    });
  },
  {
    configuredMailer: true,
    env: async () => ({ SMTP_URL: `smtp://127.0.0.1:${await listening}` }),
  },
);
