import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from './redis-link.js';

type Handler = (message: string) => void;

/**
 * Messages every instance hears (DESIGN.md section 10): a change on one instance that the
 * others must act on at once, such as a dropped leaderboard cache or a revoked session. The
 * publishing instance's own handlers run at once, in process; with REDIS_URL the message also
 * goes out on Redis pub/sub to every other instance. While Redis is down the others miss it:
 * what they cache must therefore expire by itself within a few seconds.
 */
export class Broadcast {
  readonly #handlers = new Map<string, Handler[]>();
  readonly #resyncs: Array<() => void> = [];
  readonly #origin = randomUUID();
  readonly #subscriber: Redis | null;
  readonly #prefix: string;

  constructor(
    private readonly link: RedisLink,
    opts: { keyPrefix?: string; log?: FastifyBaseLogger } = {},
  ) {
    this.#prefix = opts.keyPrefix ?? 'tb:';
    // A connection in subscriber mode takes no other command: a second one, resubscribed by
    // ioredis after every reconnect.
    this.#subscriber =
      link.client?.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null }) ?? null;
    let connectedBefore = false;
    // Every (re)connection subscribes to every channel again (a subscribe sent while Redis was
    // down is lost), and after the first, whatever was cached on the strength of messages is
    // dropped: messages published while this instance was away were missed.
    this.#subscriber?.on('ready', () => {
      const channels = [...this.#handlers.keys()].map((c) => this.#prefix + c);
      if (channels.length) void this.#subscriber?.subscribe(...channels).catch(() => undefined);
      if (connectedBefore) for (const resync of this.#resyncs) resync();
      connectedBefore = true;
    });
    this.#subscriber?.on('message', (channel: string, raw: string) => {
      const envelope = parseEnvelope(raw);
      if (!envelope || envelope.origin === this.#origin) return;
      this.#deliver(channel.slice(this.#prefix.length), envelope.message);
    });
    this.#subscriber?.on('error', (err: Error) =>
      opts.log?.debug({ reason: err.message }, 'broadcast: subscriber connection error'),
    );
  }

  /** Calls `handler` with every message on `channel`, from this instance and the others. */
  subscribe(channel: string, handler: Handler): void {
    const handlers = this.#handlers.get(channel);
    if (handlers) {
      handlers.push(handler);
      return;
    }
    this.#handlers.set(channel, [handler]);
    void this.#subscriber?.subscribe(this.#prefix + channel).catch(() => undefined);
  }

  /**
   * Calls `resync` when the connection to the other instances came back after a loss: messages
   * may have been missed meanwhile, so what they keep fresh must be dropped.
   */
  onResync(resync: () => void): void {
    this.#resyncs.push(resync);
  }

  /**
   * Runs this instance's handlers, then sends the message to the other instances. Resolves
   * once Redis took it, or at once without Redis or while it is down (never rejects).
   */
  async publish(channel: string, message: string): Promise<void> {
    this.#deliver(channel, message);
    const client = this.link.client;
    if (!client || !this.link.ready) return;
    const envelope = JSON.stringify({ origin: this.#origin, message });
    await client.publish(this.#prefix + channel, envelope).then(
      () => undefined,
      () => undefined,
    );
  }

  async close(): Promise<void> {
    if (!this.#subscriber || this.#subscriber.status === 'end') return;
    await this.#subscriber.quit().catch(() => this.#subscriber?.disconnect());
  }

  #deliver(channel: string, message: string) {
    for (const handler of this.#handlers.get(channel) ?? []) handler(message);
  }
}

function parseEnvelope(raw: string): { origin: string; message: string } | null {
  try {
    const value = JSON.parse(raw) as { origin?: unknown; message?: unknown };
    return typeof value.origin === 'string' && typeof value.message === 'string'
      ? { origin: value.origin, message: value.message }
      : null;
  } catch {
    return null;
  }
}
