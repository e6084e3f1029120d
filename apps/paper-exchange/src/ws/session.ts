import type { PaperExchange, PaperReply } from '../types.js';
import type { FeedSink, PaperFeed } from './feed.js';
import {
  MAX_CONNECTIONS_PER_IP,
  MAX_MESSAGES_PER_MINUTE,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  MAX_USERS_PER_IP,
  isUserSubscription,
  message,
  parseClientMessage,
  parseErrorText,
  type Subscription,
} from './protocol.js';

/** One client connection of /ws: its subscriptions, its limits, its requests. */

/** What a session needs of its socket. */
export interface FeedSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * Hyperliquid's per-IP limits shared by the connections of one process: open connections,
 * and the distinct users followed by user subscriptions.
 */
export class IpLimits {
  readonly #connections = new Map<string, number>();
  readonly #users = new Map<string, Map<string, number>>();

  /** Counts a new connection of `ip`; false (not counted) past MAX_CONNECTIONS_PER_IP. */
  connect(ip: string): boolean {
    const count = this.#connections.get(ip) ?? 0;
    if (count >= MAX_CONNECTIONS_PER_IP) return false;
    this.#connections.set(ip, count + 1);
    return true;
  }

  disconnect(ip: string): void {
    const count = (this.#connections.get(ip) ?? 1) - 1;
    if (count > 0) this.#connections.set(ip, count);
    else this.#connections.delete(ip);
  }

  /** Counts one more subscription of `ip` on `user`; false past MAX_USERS_PER_IP users. */
  follow(ip: string, user: string): boolean {
    const users = this.#users.get(ip) ?? new Map<string, number>();
    const count = users.get(user) ?? 0;
    if (count === 0 && users.size >= MAX_USERS_PER_IP) return false;
    users.set(user, count + 1);
    this.#users.set(ip, users);
    return true;
  }

  unfollow(ip: string, user: string): void {
    const users = this.#users.get(ip);
    const count = (users?.get(user) ?? 1) - 1;
    if (count > 0) users?.set(user, count);
    else users?.delete(user);
    if (users?.size === 0) this.#users.delete(ip);
  }
}

/**
 * Hyperliquid's per-IP weights for the posts of one client (rate-limit/): `charge` takes a
 * request's base weight before it is answered (false: no room, it is refused), `answered` adds
 * the weight of the items an /info answer returned.
 */
export interface PostWeights {
  charge(type: 'info' | 'action', payload: unknown): Promise<boolean>;
  answered(type: 'info' | 'action', payload: unknown, answer: unknown): Promise<void>;
}

/** A post refused for its weight (Hyperliquid answers HTTP 429 with `null` over HTTP). */
export const RATE_LIMITED_TEXT =
  'Too many requests: your address has spent its request weight for this minute';

interface Entry {
  subscription: Subscription;
  sink: FeedSink;
  active: boolean;
}

/** The error text of a refused post, from the exchange's answer. */
function errorText(answer: PaperReply): string {
  return typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
}

export class FeedSession {
  readonly #feed: PaperFeed;
  readonly #exchange: Pick<PaperExchange, 'info' | 'exchange'>;
  readonly #socket: FeedSocket;
  readonly #ip: string;
  readonly #limits: IpLimits;
  readonly #subscriptions = new Map<string, Entry>();
  #closed = false;
  #minute = 0;
  #messages = 0;

  constructor(
    feed: PaperFeed,
    exchange: Pick<PaperExchange, 'info' | 'exchange'>,
    socket: FeedSocket,
    ip: string,
    limits: IpLimits,
    private readonly now: () => number = Date.now,
    private readonly weights?: PostWeights,
  ) {
    this.#feed = feed;
    this.#exchange = exchange;
    this.#socket = socket;
    this.#ip = ip;
    this.#limits = limits;
  }

  /** Answers one message of the client (text frame). */
  async receive(text: string): Promise<void> {
    if (this.#closed) return;
    const minute = Math.floor(this.now() / 60_000);
    if (minute !== this.#minute) {
      this.#minute = minute;
      this.#messages = 0;
    }
    this.#messages += 1;
    if (this.#messages > MAX_MESSAGES_PER_MINUTE) {
      this.#error(`Too many messages: at most ${MAX_MESSAGES_PER_MINUTE} a minute`);
      return;
    }
    const request = parseClientMessage(text);
    if (!request) {
      this.#error(parseErrorText(text));
      return;
    }
    switch (request.method) {
      case 'ping':
        this.#send(message('pong'));
        return;
      case 'invalid':
        this.#error(`Invalid subscription ${JSON.stringify(request.raw)}`);
        return;
      case 'subscribe':
        await this.#subscribe(request.id, request.subscription, request.raw);
        return;
      case 'unsubscribe':
        this.#unsubscribe(request.id, request.raw);
        return;
      case 'post':
        await this.#post(request.id, request.type, request.payload);
        return;
    }
  }

  /** The connection closed: its subscriptions end. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const [id, entry] of this.#subscriptions) this.#drop(id, entry);
  }

  async #subscribe(id: string, subscription: Subscription, raw: Record<string, unknown>) {
    const envelope = JSON.stringify({ method: 'subscribe', subscription: raw });
    if (this.#subscriptions.has(id)) {
      this.#error(`Already subscribed: ${JSON.stringify(raw)}`);
      return;
    }
    if (this.#subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      this.#error(
        `Cannot subscribe to more than ${MAX_SUBSCRIPTIONS_PER_CONNECTION} channels: ${envelope}`,
      );
      return;
    }
    if (isUserSubscription(subscription) && !this.#limits.follow(this.#ip, subscription.user)) {
      this.#error(`Cannot track more than ${MAX_USERS_PER_IP} total users: ${envelope}`);
      return;
    }
    const entry: Entry = {
      subscription,
      active: true,
      sink: { send: (text) => entry.active && this.#send(text) },
    };
    this.#subscriptions.set(id, entry);
    this.#send(message('subscriptionResponse', { method: 'subscribe', subscription: raw }));
    await this.#feed.add(subscription, entry.sink).catch(() => undefined);
    // Unsubscribed (or closed) while its snapshot was read: the feed lets it go again.
    if (!entry.active) this.#feed.remove(subscription, entry.sink);
  }

  #unsubscribe(id: string, raw: Record<string, unknown>) {
    const entry = this.#subscriptions.get(id);
    if (!entry) {
      this.#error(`Already unsubscribed: ${JSON.stringify(raw)}`);
      return;
    }
    this.#drop(id, entry);
    this.#send(message('subscriptionResponse', { method: 'unsubscribe', subscription: raw }));
  }

  #drop(id: string, entry: Entry) {
    entry.active = false;
    this.#subscriptions.delete(id);
    this.#feed.remove(entry.subscription, entry.sink);
    if (isUserSubscription(entry.subscription)) {
      this.#limits.unfollow(this.#ip, entry.subscription.user);
    }
  }

  async #post(id: number, type: 'info' | 'action', payload: unknown) {
    let response: unknown;
    try {
      if (this.weights && !(await this.weights.charge(type, payload))) {
        this.#send(
          message('post', { id, response: { type: 'error', payload: RATE_LIMITED_TEXT } }),
        );
        return;
      }
      const answer =
        type === 'info'
          ? await this.#exchange.info(payload)
          : await this.#exchange.exchange(payload);
      if (answer.status === 200) await this.weights?.answered(type, payload, answer.body);
      if (answer.status !== 200) response = { type: 'error', payload: errorText(answer) };
      else if (type === 'action') response = { type, payload: answer.body };
      else {
        const infoType = (payload as { type?: unknown }).type;
        response = { type, payload: { type: infoType, data: answer.body } };
      }
    } catch {
      response = { type: 'error', payload: 'Internal error' };
    }
    this.#send(message('post', { id, response }));
  }

  #error(text: string) {
    this.#send(message('error', text));
  }

  #send(text: string) {
    if (!this.#closed) this.#socket.send(text);
  }
}
