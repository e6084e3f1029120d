import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /**
   * From the signal to closing the listener: requests already on the wire (sent just before
   * the signal) are still accepted and answered instead of being reset. Answers sent meanwhile
   * carry `Connection: close`, so keep-alive clients go elsewhere.
   */
  drainMs: number;
  /** The process exits by then, whatever requests, hooks or the database are doing. */
  deadlineMs: number;
  /** Closes what outlives the app (database, data folder lock); awaited before exiting. */
  afterClose: () => Promise<void>;
  /** Runs when the deadline passes, just before exiting (release the lock). */
  onDeadline: () => void;
  exit: (code: number) => void;
}

/**
 * Counts the requests being answered, from the signal on marks answers `Connection: close`,
 * and answers when none is left. Installed before listening so every request is counted.
 */
function trackRequests(server: Server) {
  let active = 0;
  let closing = false;
  let onIdle: (() => void) | null = null;
  server.on('request', (_req, res) => {
    active += 1;
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (active === 0) onIdle?.();
    });
  });
  return {
    startClosing: () => void (closing = true),
    /** Resolves once no request is being answered. */
    idle: () =>
      active === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)),
  };
}

/**
 * The shutdown of a signal: drain briefly, stop accepting, let the requests being answered
 * finish, then close every connection left (idle keep-alive ones and connections that never
 * sent a request, which would otherwise hold the exit until their time-outs, 72 s and more),
 * then the database; and exit by the deadline whatever happens.
 */
async function shutDown(
  app: FastifyInstance,
  requests: ReturnType<typeof trackRequests>,
  opts: ShutdownOptions,
): Promise<void> {
  const deadline = setTimeout(() => {
    app.log.error(`shutdown took longer than ${opts.deadlineMs} ms: exiting now`);
    opts.onDeadline();
    opts.exit(1);
  }, opts.deadlineMs);
  requests.startClosing();
  await sleep(opts.drainMs);
  const closed = app.close().catch((err: unknown) => {
    app.log.error({ err }, 'closing the app failed');
  });
  await requests.idle();
  app.server.closeAllConnections();
  await closed;
  await opts.afterClose();
  clearTimeout(deadline);
  opts.exit(0);
}

/** Starts counting the requests of `app` (call before `listen`); answers its shutdown. */
export function prepareShutdown(app: FastifyInstance): (opts: ShutdownOptions) => Promise<void> {
  const requests = trackRequests(app.server);
  return (opts) => shutDown(app, requests, opts);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
