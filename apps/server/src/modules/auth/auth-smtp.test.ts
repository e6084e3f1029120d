import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newUser, someIp } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/helper.js';

describe('verification mail over SMTP_URL', () => {
  const received: Array<{ to: string; data: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', data });
        done();
      });
    },
  });
  let ctx: TestContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const made = await createTestContext(
      'pglite',
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { configuredMailer: true },
    );
    ctx = made.ctx;
    close = made.close;
  });
  afterAll(async () => {
    await close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the link that verifies the address', async () => {
    const user = newUser();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: user,
      remoteAddress: someIp(),
    });
    expect(res.statusCode).toBe(201);
    // The mail goes out after the answer (issue 29): wait for the SMTP server to have it.
    const mail = await vi.waitFor(
      () => received.find((m) => m.to === user.email) ?? Promise.reject(new Error('not yet')),
      { timeout: 10_000 },
    );
    expect(mail?.data).toContain('Subject: Verify your email for Trading Bingo');
    const token = /verify-email\/([\w-]{40,})/.exec(mail!.data.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeDefined();
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email/${token}`,
    });
    expect(verified.statusCode).toBe(200);
  });
});
