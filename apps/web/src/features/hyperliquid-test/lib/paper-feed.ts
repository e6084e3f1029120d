/**
 * Follows one paper account on the app's own `/paper/ws` (the paper exchange's Hyperliquid
 * WebSocket API, never Hyperliquid's): it subscribes to the account's `userFills` and
 * `orderUpdates` and calls `onChange` whenever a fill or an order's status is pushed (the
 * subscription's snapshot is not a change; the pushes of one moment, e.g. a fill and its
 * order's update, make one call). A dropped connection is opened again after 1 s,
 * then 2, 4, … up to 30 s; `onLive` tells whether the feed is up, so the page can poll less
 * while it is and as before when it is not.
 */

export interface PaperFeedOptions {
  /** `ws(s)://host/paper/ws`. */
  url: string;
  /** The paper account's address. */
  user: string;
  onChange: () => void;
  onLive?: (live: boolean) => void;
  /** The browser's WebSocket by default; tests pass a fake. */
  WebSocket?: typeof WebSocket;
}

const FIRST_RETRY_MS = 1000;
/** Pushes this close together make one change. */
export const CHANGE_WINDOW_MS = 50;
const MAX_RETRY_MS = 30_000;

/** The `/paper/ws` URL of the page's own origin. */
export function paperFeedUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/paper/ws`;
}

export class PaperFeed {
  readonly #options: PaperFeedOptions;
  #socket: WebSocket | undefined;
  #retryMs = FIRST_RETRY_MS;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #change: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #live = false;

  constructor(options: PaperFeedOptions) {
    this.#options = options;
    this.#open();
  }

  /** Stops following the account for good. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearTimeout(this.#change);
    this.#socket?.close();
    this.#socket = undefined;
    this.#setLive(false);
  }

  #open(): void {
    const Socket = this.#options.WebSocket ?? WebSocket;
    let socket: WebSocket;
    try {
      socket = new Socket(this.#options.url);
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.#socket = socket;
    socket.addEventListener('open', () => {
      const user = this.#options.user;
      for (const type of ['userFills', 'orderUpdates']) {
        socket.send(JSON.stringify({ method: 'subscribe', subscription: { type, user } }));
      }
    });
    socket.addEventListener('message', (event: MessageEvent) => this.#receive(event.data));
    socket.addEventListener('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#setLive(false);
      this.#scheduleRetry();
    });
  }

  #receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: { channel?: unknown; data?: { isSnapshot?: unknown } };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    if (message.channel === 'subscriptionResponse') {
      // Subscribed: the feed is up, and a good connection resets the wait before a retry.
      this.#retryMs = FIRST_RETRY_MS;
      this.#setLive(true);
      return;
    }
    const change =
      message.channel === 'orderUpdates' ||
      (message.channel === 'userFills' && message.data?.isSnapshot !== true);
    if (change && this.#change === undefined) {
      this.#change = setTimeout(() => {
        this.#change = undefined;
        this.#options.onChange();
      }, CHANGE_WINDOW_MS);
    }
  }

  #scheduleRetry(): void {
    if (this.#closed) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
    this.#retry = setTimeout(() => this.#open(), wait);
  }

  #setLive(live: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    this.#options.onLive?.(live);
  }
}
