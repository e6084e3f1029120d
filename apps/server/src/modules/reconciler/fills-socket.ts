import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';

/** Distinct users one IP may follow over Hyperliquid's WebSocket (HYPERLIQUID.md, limits). */
export const SOCKET_USERS = 10;
/** Hyperliquid closes a socket silent for a minute; its SDK pings every 50 s. */
const PING_MS = 50_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
const HANDSHAKE_MS = 10_000;

export interface FillsSocketOptions {
  /** `wss://api.hyperliquid.xyz/ws`, or the paper exchange's `/paper/ws`. */
  url: string;
  /** A user followed got fills (lower-case address), or may have while the socket was down. */
  onFills: (user: string) => void;
  log: FastifyBaseLogger;
  /** The first wait before connecting again (doubling to a minute); tests shorten it. */
  retryMs?: number;
}

interface UserFillsData {
  user?: unknown;
  fills?: unknown;
  isSnapshot?: unknown;
}

/**
 * One WebSocket to an exchange that follows up to SOCKET_USERS users' `userFills`: the live
 * loop's fast path (DESIGN.md section 13). It tells the reconciler which users were filled; the
 * reconciler still reads the fills over HTTP, and the price watch and the sweep keep working
 * when the socket is down, so the socket is never the only path. It connects only while it has
 * users to follow, connects again after a drop (1 s doubling to 60 s), subscribes its users
 * again, and then reports every one of them: what filled while it was away is not pushed.
 */
export class FillsSocket {
  readonly #options: FillsSocketOptions;
  #socket: WebSocket | null = null;
  /** The users to follow, and those subscribed on the open socket. */
  #wanted = new Set<string>();
  readonly #subscribed = new Set<string>();
  /** Subscribed users whose snapshot arrived: every fill after it is pushed. */
  readonly #ready = new Set<string>();
  /** Users whose snapshot is reported (after a reconnection: a fill may have been missed). */
  readonly #catchUp = new Set<string>();
  #connectedBefore = false;
  #failures = 0;
  #retry: NodeJS.Timeout | null = null;
  #ping: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: FillsSocketOptions) {
    this.#options = options;
  }

  /** The users to follow (the first SOCKET_USERS of them); none closes the socket. */
  follow(users: Iterable<string>): void {
    if (this.#closed) return;
    const wanted = new Set<string>();
    for (const user of users) {
      if (wanted.size === SOCKET_USERS) break;
      wanted.add(user.toLowerCase());
    }
    this.#wanted = wanted;
    if (wanted.size === 0) {
      this.#disconnect();
      return;
    }
    if (!this.#socket && !this.#retry) this.#connect();
    this.#sync();
  }

  /** The users followed now: subscribed on the open socket, their snapshot received. */
  get following(): ReadonlySet<string> {
    return this.#ready;
  }

  /** Whether it has a socket open or opening, or a reconnection waiting. */
  get active(): boolean {
    return this.#socket !== null || this.#retry !== null;
  }

  close(): void {
    this.#closed = true;
    this.#disconnect();
  }

  #connect(): void {
    const socket = new WebSocket(this.#options.url, { handshakeTimeout: HANDSHAKE_MS });
    this.#socket = socket;
    socket.on('open', () => {
      this.#options.log.info(
        { url: this.#options.url, users: this.#wanted.size, again: this.#connectedBefore },
        'fills socket: connected; following the fills of the first accounts with live trades',
      );
      if (this.#connectedBefore) for (const user of this.#wanted) this.#catchUp.add(user);
      this.#connectedBefore = true;
      this.#failures = 0;
      this.#ping = setInterval(() => this.#send({ method: 'ping' }), PING_MS);
      this.#ping.unref();
      this.#sync();
    });
    socket.on('message', (data: WebSocket.RawData) => this.#receive(String(data)));
    // An error is followed by 'close', which connects again.
    socket.on('error', (err) =>
      this.#options.log.debug({ url: this.#options.url, reason: err.message }, 'fills socket'),
    );
    socket.on('close', () => {
      if (this.#socket !== socket) return;
      this.#dropped();
      if (this.#closed || this.#wanted.size === 0) return;
      const first = this.#options.retryMs ?? FIRST_RETRY_MS;
      const wait = Math.min(first * 2 ** this.#failures++, MAX_RETRY_MS);
      if (this.#failures === 3) {
        this.#options.log.warn(
          { url: this.#options.url },
          'fills socket: cannot connect; the price watch and the sweep carry on',
        );
      }
      this.#retry = setTimeout(() => {
        this.#retry = null;
        if (!this.#closed && this.#wanted.size > 0) this.#connect();
      }, wait);
      this.#retry.unref();
    });
  }

  /** Subscribes the wanted users not subscribed yet, unsubscribes those no longer wanted. */
  #sync(): void {
    if (this.#socket?.readyState !== WebSocket.OPEN) return;
    for (const user of this.#subscribed) {
      if (this.#wanted.has(user)) continue;
      this.#send({ method: 'unsubscribe', subscription: { type: 'userFills', user } });
      this.#subscribed.delete(user);
      this.#ready.delete(user);
      this.#catchUp.delete(user);
    }
    for (const user of this.#wanted) {
      if (this.#subscribed.has(user)) continue;
      this.#send({ method: 'subscribe', subscription: { type: 'userFills', user } });
      this.#subscribed.add(user);
    }
  }

  #receive(text: string): void {
    let message: { channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.channel === 'error') {
      this.#options.log.warn(
        { url: this.#options.url, reason: String(message.data) },
        'fills socket: the exchange refused a request',
      );
      return;
    }
    if (message.channel !== 'userFills' || typeof message.data !== 'object') return;
    const data = (message.data ?? {}) as UserFillsData;
    if (typeof data.user !== 'string') return;
    const user = data.user.toLowerCase();
    if (!this.#subscribed.has(user)) return;
    if (data.isSnapshot === true) {
      this.#ready.add(user);
      if (this.#catchUp.delete(user)) this.#options.onFills(user);
      return;
    }
    if (Array.isArray(data.fills) && data.fills.length > 0) this.#options.onFills(user);
  }

  #send(message: object): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  /** The socket is gone: nothing is subscribed on it any more. */
  #dropped(): void {
    if (this.#ping) clearInterval(this.#ping);
    this.#ping = null;
    this.#socket = null;
    this.#subscribed.clear();
    this.#ready.clear();
  }

  #disconnect(): void {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const socket = this.#socket;
    this.#dropped();
    this.#catchUp.clear();
    this.#connectedBefore = false;
    this.#failures = 0;
    if (!socket) return;
    socket.removeAllListeners('close');
    socket.on('error', () => undefined);
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket.close();
  }
}
