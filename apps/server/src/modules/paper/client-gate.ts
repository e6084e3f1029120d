/**
 * How many requests of one client address the paper exchange works on at once; the others
 * wait their turn, in order, up to a bounded queue. Rate limits count requests per minute;
 * this keeps one client from taking the whole event loop (and, on PGlite, the database)
 * within a minute's allowance, so everybody else's requests keep their latency (issue 11).
 */
export class ClientGate {
  readonly #clients = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(
    readonly inFlight: number,
    readonly maxWaiting: number,
  ) {}

  /**
   * Waits for a turn of `client`; resolves with the release to call once the request is
   * answered, or with null at once when too many of its requests are already waiting.
   */
  async enter(client: string): Promise<(() => void) | null> {
    let state = this.#clients.get(client);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.#clients.set(client, state);
    }
    if (state.running >= this.inFlight) {
      if (state.waiting.length >= this.maxWaiting) return null;
      await new Promise<void>((resolve) => state.waiting.push(resolve));
    } else {
      state.running += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#leave(client);
    };
  }

  #leave(client: string): void {
    const state = this.#clients.get(client);
    if (!state) return;
    const next = state.waiting.shift();
    // The turn passes to the next waiting request (running stays the same), after the event
    // loop has looked for other clients' requests: handed over at once, one client's queue
    // could run back to back without a pause (PGlite answers without one).
    if (next) setImmediate(next);
    else if (--state.running === 0) this.#clients.delete(client);
  }
}

/**
 * One request's turn, given back exactly once: when its response has closed (answered, or its
 * client went away) and the work it started, if any, has finished. Fastify calls neither
 * onResponse for a request whose client went away nor, once its body was read, onRequestAbort;
 * the response's 'close' always comes. Waiting for the work keeps a client that disconnects
 * from running more than its share at once.
 */
export class RequestTurn {
  #closed = false;
  #working = false;

  constructor(private readonly release: () => void) {}

  workStarted(): void {
    this.#working = true;
  }

  workEnded(): void {
    this.#working = false;
    if (this.#closed) this.release();
  }

  responseClosed(): void {
    this.#closed = true;
    if (!this.#working) this.release();
  }
}
