import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { MailQueue } from './mail-queue.js';
import type { Mail, Mailer } from './mailer.js';

const mail = (to: string): Mail => ({ to, subject: 's', text: 't', html: 'h', links: [] });
const log = () => {
  const error = vi.fn();
  return { error, logger: { error } as unknown as FastifyBaseLogger };
};

describe('MailQueue', () => {
  it('returns before the mail is sent, and sends in order, one at a time', async () => {
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    const mailer: Mailer = {
      kind: 'outbox',
      async send(m) {
        inFlight += 1;
        expect(inFlight).toBe(1);
        await gate;
        sent.push(m.to);
        inFlight -= 1;
      },
    };
    const queue = new MailQueue(mailer, log().logger);
    queue.enqueue(mail('a@x.io'));
    queue.enqueue(mail('b@x.io'));
    expect(queue.waiting).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([]);
    release();
    await queue.drain();
    expect(sent).toEqual(['a@x.io', 'b@x.io']);
    expect(queue.waiting).toBe(0);
  });

  it('retries a failed send, and logs one it gives up on without stopping the queue', async () => {
    const tries: string[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      async send(m) {
        tries.push(m.to);
        if (m.to === 'down@x.io' || tries.length === 1) throw new Error('smtp down');
      },
    };
    const { error, logger } = log();
    const queue = new MailQueue(mailer, logger, { attempts: 3, retryMs: 1 });
    queue.enqueue(mail('flaky@x.io'));
    queue.enqueue(mail('down@x.io'));
    queue.enqueue(mail('fine@x.io'));
    await queue.drain();
    expect(tries).toEqual([
      'flaky@x.io',
      'flaky@x.io',
      'down@x.io',
      'down@x.io',
      'down@x.io',
      'fine@x.io',
    ]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatchObject({ to: 'down@x.io', attempts: 3 });
  });

  it('stops waiting at close after its bound, logging the mails left', async () => {
    const mailer: Mailer = { kind: 'smtp', send: () => new Promise<void>(() => {}) };
    const { error, logger } = log();
    const queue = new MailQueue(mailer, logger);
    queue.enqueue(mail('stuck@x.io'));
    await queue.drain(10);
    expect(error).toHaveBeenCalledWith({ left: 1 }, 'mails left unsent at close');
  });

  it('runs queued work in line, logs a failed job, and drains what that work queued', async () => {
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'outbox',
      async send(m) {
        sent.push(m.to);
      },
    };
    const { error, logger } = log();
    const queue = new MailQueue(mailer, logger);
    queue.later('reset mail', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      queue.enqueue(mail('after-the-link@x.io'));
    });
    queue.later('broken job', async () => {
      throw new Error('database down');
    });
    queue.enqueue(mail('second@x.io'));
    expect(sent).toEqual([]);
    await queue.drain();
    expect(sent).toEqual(['second@x.io', 'after-the-link@x.io']);
    expect(error).toHaveBeenCalledWith({ err: 'database down' }, 'broken job failed');
  });
});
