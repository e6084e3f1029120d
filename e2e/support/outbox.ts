import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { appPort, dataFolderOf } from './ports';

// The outbox in the data folder serve.mjs gives the app on `port`: e2e/.data, or
// e2e/.data-<port> on another E2E_PORT (and for the checkout app, support/ports.ts).
const outboxDirOf = (port: number) =>
  fileURLToPath(new URL(`../${dataFolderOf(port)}/outbox`, import.meta.url));

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

function readMails(port: number): OutboxMail[] {
  const outboxDir = outboxDirOf(port);
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as OutboxMail);
}

/**
 * Waits for the newest mail to `to` whose subject contains `subject`; returns its first link.
 * `port`: the app that sent it (this run's main app unless named).
 */
export async function linkFromOutbox(to: string, subject: string, port = appPort): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readMails(port)
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

/** Waits for the newest mail to `to` whose subject contains `subject` (from `port`'s app). */
export async function mailFromOutbox(
  to: string,
  subject: string,
  port = appPort,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails(port)
          .filter((m) => m.to === to && m.subject.includes(subject))
          .at(-1);
        return found;
      },
      { message: `a "${subject}" mail to ${to} in the development outbox` },
    )
    .toBeTruthy();
  return found as OutboxMail;
}
