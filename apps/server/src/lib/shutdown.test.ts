import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareShutdown } from './shutdown.js';

/** Generous bound of the waits below: a loaded machine is slow, it does not change outcomes. */
const WAIT_MS = 30_000;

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * An app with a route that waits at `work` (its body complete) and one that never answers,
 * its shutdown prepared with a fake database, lock and exit that record what happened.
 */
async function harness(opts: { deadlineMs: number; closeDatabase?: () => Promise<void> }) {
  const log: string[] = [];
  const events: string[] = [];
  const work = gate();
  const stuck = gate();
  const entered: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line) => log.push(line) } } });
  app.post('/work', async (req) => {
    entered.push('work');
    await work.opened;
    return { got: req.body };
  });
  app.get('/stuck', async () => {
    entered.push('stuck');
    await stuck.opened;
    return { late: true };
  });
  let exited!: (code: number) => void;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const stop = prepareShutdown(app, {
    drainMs: 50,
    deadlineMs: opts.deadlineMs,
    closeDatabase:
      opts.closeDatabase ??
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push('database closed');
      }),
    release: () => events.push('released'),
    exit: (code) => {
      events.push(`exit ${code}`);
      exited(code);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, port, log, events, work, stuck, entered, stop, exit };
}

/** A raw HTTP exchange on a new connection: resolves with the status line ('' if cut off). */
function rawRequest(port: number, request: string): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  socket.write(request);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', () => undefined);
  });
  return { socket, answer };
}

const post = (body: string, length = Buffer.byteLength(body)) =>
  'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${length}\r\n\r\n${body}`;

describe('the shutdown of a signal', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  /** Ends what a test left: its connections, its waiting handlers, its app. */
  const done = (h: Awaited<ReturnType<typeof harness>>, sockets: Socket[]) =>
    cleanup.push(() => {
      sockets.forEach((socket) => socket.destroy());
      h.work.open();
      h.stuck.open();
      h.app.server.closeAllConnections();
    });

  it('answers a handler at work, drops a half-sent body, closes the database, exits 0', async () => {
    const h = await harness({ deadlineMs: WAIT_MS });
    const working = rawRequest(h.port, post('{"a":1}'));
    const stalled = rawRequest(h.port, post('{"a":', 100));
    done(h, [working.socket, stalled.socket]);
    await until(() => h.entered.includes('work'), 'the handler at work');
    await until(() => h.log.filter((l) => l.includes('incoming request')).length === 2, 'both');
    h.stop('SIGTERM');
    // The listener closed (the drain is over) with the handler still at work.
    await until(() => !h.app.server.listening, 'the listener closed');
    h.work.open();

    expect(await working.answer).toBe('HTTP/1.1 200 OK');
    expect(await stalled.answer).toBe('');
    expect(await h.exit).toBe(0);
    expect(h.events).toEqual(['database closed', 'released', 'exit 0']);
    const log = h.log.join('\n');
    expect(log).toContain(
      'SIGTERM: dropped 1 connection(s) whose request body had not finished arriving',
    );
    expect(log).not.toContain('shutdown took longer');
  });

  it('past the deadline, says what was stuck, closes the database, then exits 1', async () => {
    const h = await harness({ deadlineMs: 1_000 });
    const stuck = rawRequest(h.port, 'GET /stuck?token=secret HTTP/1.1\r\nHost: x\r\n\r\n');
    done(h, [stuck.socket]);
    await until(() => h.entered.includes('stuck'), 'the stuck handler');
    h.stop('SIGTERM');

    expect(await h.exit).toBe(1);
    expect(h.events).toEqual(['database closed', 'released', 'exit 1']);
    const line = h.log.find((l) => l.includes('shutdown took longer'));
    // The whole shutdown within the deadline: a quarter of it kept for the database.
    expect(line).toContain(
      'shutdown took longer than 750 ms (answering the requests in flight: GET /stuck (for ',
    );
    expect(line).toContain('): closing the database and exiting');
    expect(line).not.toContain('secret');
  });

  it('exits 1 saying so when the database does not close in time', async () => {
    const h = await harness({ deadlineMs: 1_000, closeDatabase: () => new Promise(() => {}) });
    done(h, []);
    h.stop('SIGTERM');

    expect(await h.exit).toBe(1);
    expect(h.events).toEqual(['released', 'exit 1']);
    expect(h.log.join('\n')).toContain('the database did not close within 250 ms');
  });

  it('on a second signal closes the database and exits 1 at once', async () => {
    const h = await harness({ deadlineMs: WAIT_MS });
    const stuck = rawRequest(h.port, 'GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n');
    done(h, [stuck.socket]);
    await until(() => h.entered.includes('stuck'), 'the stuck handler');
    h.stop('SIGINT');
    h.stop('SIGINT');

    expect(await h.exit).toBe(1);
    expect(h.events).toEqual(['database closed', 'released', 'exit 1']);
    expect(h.log.join('\n')).toContain('SIGINT again: closing the database and exiting now');
  });
});
