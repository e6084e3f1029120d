import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

// The server's data folder of this run (serve.mjs): e2e/.data, or e2e/.data-<port> on another
// E2E_PORT.
const port = process.env.E2E_PORT ?? '3107';
const dataFolder = port === '3107' ? '.data' : `.data-${port}`;
const outboxDir = fileURLToPath(new URL(`../${dataFolder}/outbox`, import.meta.url));

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

function readMails(): OutboxMail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as OutboxMail);
}

/** Waits for the newest mail to `to` whose subject contains `subject`; returns its first link. */
export async function linkFromOutbox(to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readMails()
          .filter((m) => m.to === to && m.subject.includes(subject))
          .at(-1);
        link = mail?.links[0];
        return link;
      },
      { message: `a "${subject}" mail to ${to} in the development outbox` },
    )
    .toBeTruthy();
  return new URL(link as string).pathname;
}

/** Waits for the newest mail to `to` whose subject contains `subject`, and returns it. */
export async function mailFromOutbox(to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails()
          .filter((m) => m.to === to && m.subject.includes(subject))
          .at(-1);
        return found;
      },
      { message: `a "${subject}" mail to ${to} in the development outbox` },
    )
    .toBeTruthy();
  return found as OutboxMail;
}
