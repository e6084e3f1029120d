/**
 * Hyperliquid mainnet's public market data, as the paper exchange follows it (PAPER_PRICES,
 * DESIGN.md section 12): POST {url}/info for `allMids`, `l2Book` and `candleSnapshot`. Every
 * answer is checked for shape; anything else (an HTTP error, a time-out, a body of the wrong
 * shape) is an UpstreamError, so the caller falls back instead of trusting it.
 */

/** A failed upstream request: why, in a few words (logged once per state change). */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/** One level of an upstream book, as Hyperliquid writes it. */
export interface UpstreamLevel {
  px: string;
  sz: string;
  n: number;
}

/** An upstream l2Book answer: `levels = [bids desc, asks asc]`. */
export interface UpstreamBook {
  coin: string;
  time: number;
  levels: [UpstreamLevel[], UpstreamLevel[]];
}

/** An upstream candle, as Hyperliquid writes it (see market/candles.ts). */
export interface UpstreamCandle {
  t: number;
  T: number;
  s: string;
  i: string;
  o: string;
  c: string;
  h: string;
  l: string;
  v: string;
  n: number;
}

/** What the paper exchange asks of the upstream. Tests may pass a fake. */
export interface UpstreamClient {
  /** `allMids`: coin → mid (decimal strings). */
  allMids(): Promise<Record<string, string>>;
  /** `l2Book` of a coin; null when the upstream does not list it. */
  l2Book(coin: string): Promise<UpstreamBook | null>;
  /** `candleSnapshot` of a coin. */
  candles(
    coin: string,
    interval: string,
    startMs: number,
    endMs: number,
  ): Promise<UpstreamCandle[]>;
}

export interface HttpUpstreamOptions {
  /** The API's base URL, e.g. https://api.hyperliquid.xyz (no trailing /info). */
  url: string;
  /** A request that takes longer fails (ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 2_000;
const DECIMAL = /^\d+(\.\d+)?$/;

function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value);
}

function isLevel(value: unknown): value is UpstreamLevel {
  const level = value as UpstreamLevel | null;
  return (
    typeof level === 'object' &&
    level !== null &&
    isDecimal(level.px) &&
    isDecimal(level.sz) &&
    typeof level.n === 'number'
  );
}

function isCandle(value: unknown): value is UpstreamCandle {
  const candle = value as UpstreamCandle | null;
  return (
    typeof candle === 'object' &&
    candle !== null &&
    Number.isFinite(candle.t) &&
    Number.isFinite(candle.T) &&
    typeof candle.s === 'string' &&
    typeof candle.i === 'string' &&
    [candle.o, candle.c, candle.h, candle.l, candle.v].every(isDecimal) &&
    typeof candle.n === 'number'
  );
}

/**
 * The upstream's answers, checked, from any way of sending an /info request: `request` sends
 * the JSON body and resolves with the parsed answer, or rejects (the server passes its mainnet
 * transport, so these requests count in the app's Hyperliquid weight budget).
 */
export class InfoUpstream implements UpstreamClient {
  constructor(private readonly request: (payload: unknown) => Promise<unknown>) {}

  async allMids(): Promise<Record<string, string>> {
    const body = await this.#post({ type: 'allMids' });
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new UpstreamError('allMids: not an object');
    }
    const mids: Record<string, string> = {};
    for (const [coin, mid] of Object.entries(body)) if (isDecimal(mid)) mids[coin] = mid;
    return mids;
  }

  async l2Book(coin: string): Promise<UpstreamBook | null> {
    const body = (await this.#post({ type: 'l2Book', coin })) as UpstreamBook | null;
    if (body === null) return null;
    const levels = body?.levels as unknown;
    if (
      !Array.isArray(levels) ||
      levels.length !== 2 ||
      !levels.every((side) => Array.isArray(side) && side.every(isLevel))
    ) {
      throw new UpstreamError('l2Book: unexpected shape');
    }
    return { coin, time: Number(body.time) || 0, levels: body.levels };
  }

  async candles(
    coin: string,
    interval: string,
    startMs: number,
    endMs: number,
  ): Promise<UpstreamCandle[]> {
    const body = await this.#post({
      type: 'candleSnapshot',
      req: { coin, interval, startTime: startMs, endTime: endMs },
    });
    if (!Array.isArray(body) || !body.every(isCandle)) {
      throw new UpstreamError('candleSnapshot: unexpected shape');
    }
    return body;
  }

  async #post(payload: unknown): Promise<unknown> {
    try {
      return await this.request(payload);
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError(reasonOf(error));
    }
  }
}

/** An error's message with its causes' ("fetch failed: connect ECONNREFUSED 127.0.0.1:9"). */
function reasonOf(error: unknown): string {
  const parts: string[] = [];
  let cause = error;
  for (let depth = 0; depth < 4 && cause !== undefined; depth += 1) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (!parts.some((part) => part.includes(message))) parts.push(message);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return parts.join(': ');
}

/** Hyperliquid's /info over HTTP (global fetch), each request bounded by a time-out. */
export class HttpUpstream extends InfoUpstream {
  constructor(options: HttpUpstreamOptions) {
    const url = `${options.url.replace(/\/+$/, '')}/info`;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const send = options.fetch ?? fetch;
    super((payload) => post(send, url, timeoutMs, payload));
  }
}

async function post(
  send: typeof fetch,
  url: string,
  timeoutMs: number,
  payload: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new UpstreamError(reasonOf(error));
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new UpstreamError(`HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new UpstreamError('not JSON');
  }
}
