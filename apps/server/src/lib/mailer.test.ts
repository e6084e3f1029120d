import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const mail = {
  to: 'ada@example.com',
  subject: 'Verify your email',
  text: 'Open http://app.test/verify-email/abc',
  html: '<p>Open</p>',
  links: ['http://app.test/verify-email/abc'],
};

describe('mailer', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('without SMTP, writes the mail to the outbox and logs its link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tb-outbox-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'TB <no-reply@localhost>',
      dataDir,
      log,
      now: () => new Date('2026-03-01T09:30:00.000Z'),
    });
    await mailer.send(mail);
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^2026-03-01T09-30-00-000Z-1\.json$/);
    const stored = JSON.parse(readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8'));
    expect(stored).toMatchObject({ to: mail.to, subject: mail.subject, links: mail.links });
    expect(lines.join('')).toContain(
      'mail outbox: Verify your email -> ada@example.com: http://app.test/verify-email/abc',
    );
  });

  it('with SMTP_URL, delivers through a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Trading Bingo <no-reply@localhost>',
        dataDir: '/nonexistent',
        log: pino({ level: 'silent' }),
        now: () => new Date(),
      });
      await mailer.send(mail);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Verify your email');
      expect(received[0]).toContain('To: ada@example.com');
      expect(received[0]).toContain('http://app.test/verify-email/abc');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
