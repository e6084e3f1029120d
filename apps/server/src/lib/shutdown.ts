import type { IncomingMessage, Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /**
   * From the signal to closing the listener: requests already on the wire (sent just before
   * the signal) are still accepted and answered instead of being reset. Answers sent meanwhile
   * carry `Connection: close`, so keep-alive clients go elsewhere. A request whose body is
   * still arriving when it ends is dropped (its connection ended): the shutdown does not wait
   * for a client that stalled half-way.
   */
  drainMs: number;
  /**
   * The process exits by then, whatever requests, hooks or the database are doing: the last
   * part of it (a quarter, at most DATABASE_CLOSE_MS) is kept for closing the database.
   */
  deadlineMs: number;
  /** Closes the database: run on every way out (a clean shutdown, the deadline, a 2nd signal). */
  closeDatabase: () => Promise<void>;
  /** Releases the data folder's lock, just before exiting. */
  release: () => void;
  exit: (code: number) => void;
}

/** The longest the database may take to close (PGlite on a folder takes about 50 ms). */
const DATABASE_CLOSE_MS = 2_000;

/** A request being answered: when it came, for the log of what held the shutdown. */
interface Answering {
  req: IncomingMessage;
  since: number;
}

/**
 * Follows the requests being answered, from the signal on marks answers `Connection: close`,
 * and says when none is left. Installed before listening so every request is followed.
 */
function trackRequests(server: Server) {
  const answering = new Set<Answering>();
  let closing = false;
  let onIdle: (() => void) | null = null;
  server.on('request', (req, res) => {
    const entry = { req, since: performance.now() };
    answering.add(entry);
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      answering.delete(entry);
      if (answering.size === 0) onIdle?.();
    });
  });
  return {
    startClosing: () => void (closing = true),
    /**
     * Ends the connections of requests whose body has not all arrived (a client that stalled
     * half-way, or is still sending): Node counts them as busy, so they would hold the close
     * until their client gives up. Their handlers have not run: nothing is lost but the
     * upload, which the client sends again elsewhere. Answers how many were ended.
     */
    dropUnfinishedBodies: () => {
      let dropped = 0;
      for (const { req } of answering) {
        if (req.complete) continue;
        req.socket.destroy();
        dropped += 1;
      }
      return dropped;
    },
    /** Resolves once no request is being answered. */
    idle: () =>
      answering.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)),
    /** The requests still being answered, as `POST /api/x (for 1234 ms)` (no query string). */
    describe: () =>
      [...answering].map(
        ({ req, since }) =>
          `${req.method} ${(req.url ?? '').split('?')[0]} (for ${Math.round(performance.now() - since)} ms)`,
      ),
  };
}

type Requests = ReturnType<typeof trackRequests>;

/**
 * The shutdown of a signal: drain briefly, stop accepting, drop the connections whose request
 * body never finished arriving, let the requests being answered finish, close every connection
 * left (idle keep-alive ones and connections that never sent a request, which would otherwise
 * hold the exit until their time-outs, 72 s and more), then the database; exit 0.
 *
 * Past the deadline (a handler or a close hook stuck) it logs what was stuck, closes the
 * database all the same (bounded) and exits 1. A second signal closes the database (bounded)
 * and exits 1 at once.
 */
function shutDown(app: FastifyInstance, requests: Requests, opts: ShutdownOptions) {
  const closeMs = Math.min(DATABASE_CLOSE_MS, opts.deadlineMs / 4);
  let step = 'answering the requests in flight';
  let closingDatabase: Promise<unknown> | undefined;
  let finishing: Promise<void> | undefined;
  let deadline: NodeJS.Timeout | undefined;

  /** Closes the database (once, whoever asks), then releases the lock and exits. */
  const finish = (code: number): Promise<void> =>
    (finishing ??= (async () => {
      clearTimeout(deadline);
      closingDatabase ??= opts.closeDatabase();
      const closed = await within(closingDatabase, closeMs);
      if (closed === 'late') app.log.error(`the database did not close within ${closeMs} ms`);
      else if (closed !== 'done') app.log.error({ err: closed.err }, 'closing the database failed');
      if (closed !== 'done') code = 1;
      opts.release();
      opts.exit(code);
    })());

  const gracefully = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    deadline = setTimeout(() => {
      const stuck = requests.describe();
      app.log.error(
        `shutdown took longer than ${opts.deadlineMs - closeMs} ms (${step}` +
          (stuck.length > 0 ? `: ${stuck.join(', ')}` : '') +
          '): closing the database and exiting',
      );
      void finish(1);
    }, opts.deadlineMs - closeMs);
    requests.startClosing();
    await sleep(opts.drainMs);
    const dropped = requests.dropUnfinishedBodies();
    if (dropped > 0) {
      app.log.info(
        `${signal}: dropped ${dropped} connection(s) whose request body had not finished arriving`,
      );
    }
    const closed = app.close().catch((err: unknown) => {
      app.log.error({ err }, 'closing the app failed');
    });
    await requests.idle();
    app.server.closeAllConnections();
    step = "running the app's close hooks";
    await closed;
    await finish(0);
  };

  let stopping = false;
  return (signal: string): void => {
    if (!stopping) {
      stopping = true;
      void gracefully(signal);
      return;
    }
    // A second Ctrl-C: the person wants out now.
    app.log.warn(`${signal} again: closing the database and exiting now`);
    void finish(1);
  };
}

/** Starts following the requests of `app` (call before `listen`); answers its signal handler. */
export function prepareShutdown(
  app: FastifyInstance,
  opts: ShutdownOptions,
): (signal: string) => void {
  return shutDown(app, trackRequests(app.server), opts);
}

/** How `promise` settled within `ms`: 'done', its error, or 'late'. */
function within(
  promise: Promise<unknown>,
  ms: number,
): Promise<'done' | 'late' | { err: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => 'done' as const,
      (err: unknown) => ({ err }),
    ),
    new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms))),
  ]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
