import { CANDLE_INTERVALS, type CandleInterval } from '../market/candles.js';

/**
 * Hyperliquid's WebSocket protocol (HYPERLIQUID.md section 5; @nktkas/hyperliquid's
 * subscription schemas): what a client may send, as parsed here, and the texts of the error
 * channel. Every answer is `{channel, data}`; the client's requests are
 *
 * - `{method: "subscribe" | "unsubscribe", subscription: {type, ...}}`, answered
 *   `{channel: "subscriptionResponse", data: <the request>}`;
 * - `{method: "ping"}`, answered `{channel: "pong"}`;
 * - `{method: "post", id, request: {type: "info" | "action", payload}}`, answered
 *   `{channel: "post", data: {id, response: {type: "info", payload: {type, data}}}}` (info),
 *   `{..., response: {type: "action", payload: <the /exchange answer>}}` or
 *   `{..., response: {type: "error", payload: "<text>"}}`.
 */

/** The subscriptions the paper exchange serves (DESIGN.md section 12). */
export type Subscription =
  | { type: 'allMids' }
  | { type: 'l2Book'; coin: string }
  | { type: 'trades'; coin: string }
  | { type: 'activeAssetCtx'; coin: string }
  | { type: 'candle'; coin: string; interval: CandleInterval }
  | { type: 'orderUpdates'; user: string }
  | { type: 'userFills'; user: string }
  | { type: 'userFundings'; user: string }
  | { type: 'userEvents'; user: string }
  | { type: 'clearinghouseState'; user: string };

export type UserSubscription = Extract<Subscription, { user: string }>;
export type MarketSubscription = Exclude<Subscription, { user: string }>;

export type ClientMessage =
  | {
      method: 'subscribe' | 'unsubscribe';
      /** The subscription as the client sent it (echoed in the answer). */
      raw: Record<string, unknown>;
      subscription: Subscription;
      /**
       * What tells two subscriptions of one connection apart: the fields Hyperliquid keys on
       * (l2Book's aggregation among them), addresses in lower case.
       */
      id: string;
    }
  | { method: 'ping' }
  | { method: 'post'; id: number; type: 'info' | 'action'; payload: unknown }
  /** A well-formed request for a subscription the paper exchange does not serve. */
  | { method: 'invalid'; raw: Record<string, unknown> };

/** Subscriptions one connection may hold (Hyperliquid: 1,000). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1000;
/** Distinct users one IP address may follow in user subscriptions (Hyperliquid: 10). */
export const MAX_USERS_PER_IP = 10;
/** Connections one IP address may hold open (Hyperliquid: 100). */
export const MAX_CONNECTIONS_PER_IP = 100;
/** Messages one connection may send per minute (Hyperliquid: 2,000 per IP). */
export const MAX_MESSAGES_PER_MINUTE = 2000;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const USER_TYPES = [
  'orderUpdates',
  'userFills',
  'userFundings',
  'userEvents',
  'clearinghouseState',
] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON text of one message to a client. */
export function message(channel: string, data?: unknown): string {
  return JSON.stringify(data === undefined ? { channel } : { channel, data });
}

/** The text of Hyperliquid's answer to a message it cannot read. */
export function parseErrorText(text: string): string {
  return `Error parsing JSON into valid websocket request: ${text}`;
}

export function isUserSubscription(subscription: Subscription): subscription is UserSubscription {
  return 'user' in subscription;
}

/** Reads a subscription object, or undefined when it is not one the exchange serves. */
function readSubscription(
  raw: Record<string, unknown>,
): { subscription: Subscription; id: string } | undefined {
  const { type } = raw;
  if (type === 'allMids') {
    // Builder dexes are not listed: only the main dex (absent or "").
    if (raw.dex !== undefined && raw.dex !== null && raw.dex !== '') return undefined;
    return { subscription: { type }, id: JSON.stringify([type]) };
  }
  if (type === 'l2Book' || type === 'trades' || type === 'activeAssetCtx') {
    if (typeof raw.coin !== 'string' || raw.coin.length === 0 || raw.coin.length > 64) {
      return undefined;
    }
    const coin = raw.coin;
    // The paper book has one depth and no aggregation: these only tell subscriptions apart.
    const extras =
      type === 'l2Book' ? [raw.nSigFigs ?? null, raw.mantissa ?? null, raw.fast ?? false] : [];
    return { subscription: { type, coin }, id: JSON.stringify([type, coin, ...extras]) };
  }
  if (type === 'candle') {
    const { coin, interval } = raw;
    if (typeof coin !== 'string' || coin.length === 0 || coin.length > 64) return undefined;
    if (!CANDLE_INTERVALS.includes(interval as CandleInterval)) return undefined;
    const valid = interval as CandleInterval;
    return {
      subscription: { type, coin, interval: valid },
      id: JSON.stringify([type, coin, valid]),
    };
  }
  if (USER_TYPES.includes(type as (typeof USER_TYPES)[number])) {
    if (typeof raw.user !== 'string' || !ADDRESS.test(raw.user)) return undefined;
    // clearinghouseState of a builder dex: not listed (the main dex only, "").
    if (type === 'clearinghouseState' && raw.dex !== undefined && raw.dex !== '') return undefined;
    const user = raw.user.toLowerCase();
    const t = type as (typeof USER_TYPES)[number];
    const extras = t === 'userFills' ? [raw.aggregateByTime === true] : [];
    return { subscription: { type: t, user }, id: JSON.stringify([t, user, ...extras]) };
  }
  return undefined;
}

/**
 * Reads one client message; undefined when it is not a request at all (not JSON, no known
 * method, a subscribe without a subscription object, a post without its id or request): the
 * client gets `parseErrorText`.
 */
export function parseClientMessage(text: string): ClientMessage | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(message)) return undefined;
  const { method } = message;
  if (method === 'ping') return { method };
  if (method === 'subscribe' || method === 'unsubscribe') {
    const raw = message.subscription;
    if (!isObject(raw) || typeof raw.type !== 'string') return undefined;
    const read = readSubscription(raw);
    if (!read) return { method: 'invalid', raw };
    return { method, raw, ...read };
  }
  if (method === 'post') {
    const { id, request } = message;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return undefined;
    if (!isObject(request) || (request.type !== 'info' && request.type !== 'action')) {
      return undefined;
    }
    return { method, id, type: request.type, payload: request.payload };
  }
  return undefined;
}
