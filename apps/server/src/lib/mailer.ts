import type { Clock } from './clock.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail carries (verification, reset), for the development outbox log. */
  links: string[];
  /** Where a reply goes (Contact Us: the sender), when not to the From address. */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** Real SMTP when `smtpUrl` is set; otherwise the development outbox in `dataDir/outbox`. */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Names the outbox files by the app's clock. */
  now: Clock;
}): Mailer {
  if (opts.smtpUrl) {
    // nodemailer is loaded only when SMTP is configured (the outbox needs none of it).
    const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo && { replyTo: mail.replyTo }),
        });
      },
    };
  }
  const dir = join(opts.dataDir, 'outbox');
  let counter = 0;
  return {
    kind: 'outbox',
    async send(mail) {
      mkdirSync(dir, { recursive: true });
      const sentAt = opts.now().toISOString();
      counter += 1;
      const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${counter}.json`);
      writeFileSync(file, JSON.stringify({ ...mail, sentAt }, null, 2));
      for (const link of mail.links) {
        opts.log.info(`mail outbox: ${mail.subject} -> ${mail.to}: ${link}`);
      }
    },
  };
}
