import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { WeightBudget } from '../rate-limit/budget.js';
import type { PaperRateLimit } from '../rate-limit/limit-weights.js';
import { exchangeWeight, infoType, infoWeight, itemsWeight } from '../rate-limit/weights.js';
import type { PaperExchange, PaperLog } from '../types.js';
import { PaperFeed } from './feed.js';
import { MAX_CONNECTIONS_PER_IP, message } from './protocol.js';
import { FeedSession, IpLimits, type PostWeights } from './session.js';

export interface PaperFeedRoutesOptions {
  exchange: PaperExchange;
  /** The exchange's clock (epoch ms), for candles and funding hours; default Date.now. */
  now?: () => number;
  /** Time between two reads of what the subscribers follow (default 1,000 ms). */
  tickMs?: number;
  /** A tick that failed is reported here. */
  log?: PaperLog;
  /** The client's key for the per-IP limits (the server groups IPv6 /64s); default its IP. */
  clientKey?: (ip: string) => string;
  /**
   * Hyperliquid's per-IP weights for posts over the socket, as the HTTP routes count them: pass
   * the HTTP routes' `state` to count one budget for both. On by default; `false` turns it off.
   */
  rateLimit?: Omit<PaperRateLimit, 'clientKey'> | false;
  /**
   * How often each connection is pinged (a WebSocket ping frame); one that has not answered the
   * last ping by the next is closed, and its subscriptions end. Default 30 s.
   */
  heartbeatMs?: number;
}

/** Posts charged to `key` in `budget`, as the HTTP routes charge /info and /exchange. */
function postWeights(budget: WeightBudget, key: string, now: () => number): PostWeights {
  return {
    charge: async (type, payload) => {
      const weight = type === 'info' ? infoWeight(payload) : exchangeWeight(payload);
      return (await budget.charge(key, weight, now())).allowed;
    },
    answered: async (type, payload, answer) => {
      if (type !== 'info') return;
      await budget.add(key, itemsWeight(infoType(payload), answer), now());
    },
  };
}

/** The largest message a client may send (a batch of signed orders fits many times). */
const MAX_PAYLOAD_BYTES = 1 << 20;
/** What may wait to be sent to one client before the connection is dropped. */
const MAX_BUFFERED_BYTES = 16 << 20;
const DEFAULT_HEARTBEAT_MS = 30_000;

/**
 * Fastify plugin: GET /ws, Hyperliquid's WebSocket API (ws/protocol.ts) on the paper exchange,
 * fed by one PaperFeed for every connection (ws/feed.ts). Registered apart from the HTTP
 * routes: a connection is long-lived, so it must not hold the HTTP routes' per-request turns
 * or weights. The server mounts it under /paper (so /paper/ws), the standalone runner at /.
 */
export const paperFeedRoutes: FastifyPluginAsync<PaperFeedRoutesOptions> = async (
  app,
  {
    exchange,
    now,
    tickMs,
    log,
    clientKey = (ip) => ip,
    rateLimit = {},
    heartbeatMs = DEFAULT_HEARTBEAT_MS,
  },
) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });
  const feed = new PaperFeed(exchange, { now, tickMs, log });
  const limits = new IpLimits();
  const budget =
    rateLimit === false
      ? undefined
      : new WeightBudget({
          ...(rateLimit.perMinute !== undefined && { perMinute: rateLimit.perMinute }),
          ...(rateLimit.state && { state: rateLimit.state }),
        });
  const weightNow = (rateLimit !== false && rateLimit.now) || Date.now;
  app.addHook('onClose', async () => feed.close());
  app.get('/ws', { websocket: true }, (socket, request) => {
    const ip = clientKey(request.ip);
    if (!limits.connect(ip)) {
      socket.send(message('error', `Too many connections: at most ${MAX_CONNECTIONS_PER_IP}`));
      socket.close(1008, 'too many connections');
      return;
    }
    // A client that does not read its messages is let go, not buffered for without end.
    const send = (text: string) => {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(text);
    };
    const session = new FeedSession(
      feed,
      exchange,
      { send, close: (code, reason) => socket.close(code, reason) },
      ip,
      limits,
      Date.now,
      budget && postWeights(budget, ip, weightNow),
    );
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : data instanceof ArrayBuffer
          ? Buffer.from(data)
          : data;
      void session.receive(bytes.toString('utf8'));
    });
    // A peer gone without a close (a dropped network) would hold its subscriptions for hours.
    let answered = true;
    socket.on('pong', () => {
      answered = true;
    });
    const heartbeat = setInterval(() => {
      if (!answered) {
        socket.terminate();
        return;
      }
      answered = false;
      socket.ping();
    }, heartbeatMs);
    heartbeat.unref();
    socket.on('close', () => {
      clearInterval(heartbeat);
      session.close();
      limits.disconnect(ip);
    });
  });
};
