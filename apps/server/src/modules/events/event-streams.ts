import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { JournalChange, JournalEvents } from './journal-events.js';

/** A comment line every 25 s keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the client opens a new one, authenticated again: a session
 * that expired or was revoked without a word to this instance keeps no stream for longer.
 */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** Open streams per trader on one instance (a few tabs); one more is refused. */
export const MAX_STREAMS_PER_USER = 5;

export interface StreamTimings {
  heartbeatMs?: number;
  lifetimeMs?: number;
}

interface OpenStream {
  userId: string;
  sessionId: string;
  end: () => void;
}

/**
 * One server-sent event: its name and a one-line JSON body, with an `id:` line when given (the
 * browser sends the last one back as Last-Event-ID when it reconnects).
 */
export function sseEvent(event: string, data: unknown, id?: string): string {
  const idLine = id === undefined ? '' : `id: ${id.replace(/[\r\n]/g, '')}\n`;
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * What one stream writes besides its heartbeats: called once when the stream opens with the
 * stream's writer (a no-op once the stream ended); answers how to stop.
 */
export type StreamFeed = (
  who: { userId: string; sessionId: string },
  write: (chunk: string) => void,
) => () => void;

/**
 * The open journal streams of this instance: each writes the trader's journal changes as
 * server-sent events (`event: journal`, `data: {"kind":"trades"}`), a heartbeat comment, and
 * ends after its lifetime, when its session is found revoked, or when the app closes. Another
 * stream (the chat's) passes its own {@link StreamFeed} to `open` and keeps the rest.
 */
export class EventStreams {
  readonly #open = new Set<OpenStream>();

  constructor(
    private readonly events: JournalEvents | null,
    private readonly timings: StreamTimings = {},
  ) {}

  /** The journal's feed: `journal` events of the trader's changes. */
  readonly #journalFeed: StreamFeed = (who, write) =>
    this.events?.listen(who.userId, (kind: JournalChange) =>
      write(sseEvent('journal', { kind })),
    ) ?? (() => undefined);

  /** Whether `userId` may open one more stream here. */
  hasRoom(userId: string): boolean {
    let n = 0;
    for (const stream of this.#open) if (stream.userId === userId) n++;
    return n < MAX_STREAMS_PER_USER;
  }

  /**
   * Answers a route's request with a stream: 429 when the user has {@link MAX_STREAMS_PER_USER}
   * open here already (`what` names them in the message, e.g. 'chat streams'), else takes the
   * reply over and opens the stream with `feed` (the journal's when none).
   */
  serve(
    reply: FastifyReply,
    who: { userId: string; sessionId: string },
    what: string,
    feed?: StreamFeed,
  ): void {
    if (!this.hasRoom(who.userId)) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `At most ${MAX_STREAMS_PER_USER} ${what} may be open at once.`,
      );
    }
    reply.hijack();
    this.open(reply.raw, who, reply.getHeaders(), feed);
  }

  /** Streams `userId`'s journal changes, or `feed`, on `res` (whose headers are not sent yet). */
  open(
    res: ServerResponse,
    who: { userId: string; sessionId: string },
    headers: object,
    feed: StreamFeed = this.#journalFeed,
  ): void {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: no proxy compresses or buffers it; x-accel-buffering: nginx neither.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    const write = (chunk: string) => {
      if (!res.writableEnded) res.write(chunk);
    };
    const stopListening = feed(who, write);
    const heartbeat = setInterval(
      () => write(': heartbeat\n\n'),
      this.timings.heartbeatMs ?? HEARTBEAT_MS,
    );
    const lifetime = setTimeout(() => stream.end(), this.timings.lifetimeMs ?? STREAM_LIFETIME_MS);
    heartbeat.unref();
    lifetime.unref();
    const stream: OpenStream = {
      ...who,
      end: () => {
        if (!this.#open.delete(stream)) return;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        stopListening();
        if (!res.writableEnded) res.end();
      },
    };
    this.#open.add(stream);
    res.on('close', stream.end);
    // The client counts itself connected from this event on.
    write(sseEvent('ready', {}));
  }

  /** The open streams of one session, or of every session of a user. */
  of(revoked: { sessionId: string } | { userId: string }): OpenStream[] {
    return [...this.#open].filter((stream) =>
      'sessionId' in revoked
        ? stream.sessionId === revoked.sessionId
        : stream.userId === revoked.userId,
    );
  }

  /** Ends every open stream (the app is closing). */
  endAll(): void {
    for (const stream of [...this.#open]) stream.end();
  }

  get size(): number {
    return this.#open.size;
  }
}
