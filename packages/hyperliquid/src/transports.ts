import { HttpRequestError, HttpTransport, type IRequestTransport } from '@nktkas/hyperliquid';

/** REST base URLs of Hyperliquid (HYPERLIQUID.md section 5). */
export const NETWORK_API_URLS = {
  mainnet: 'https://api.hyperliquid.xyz',
  testnet: 'https://api.hyperliquid-testnet.xyz',
} as const;

/** Default time-out of one request (DESIGN.md: the exchange must answer within 10 s). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Options of {@link httpTransport}. */
export interface HttpTransportOptions {
  apiUrl: string;
  /** Signs as testnet (source "b", "Testnet"); the paper exchange verifies as testnet. */
  isTestnet: boolean;
  timeoutMs?: number;
}

/** The SDK's HTTP transport: POST `${apiUrl}/info` and `/exchange`, JSON, with a time-out. */
export function httpTransport(options: HttpTransportOptions): HttpTransport {
  return new HttpTransport({
    apiUrl: options.apiUrl,
    isTestnet: options.isTestnet,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
}

/** An in-process answer to a request: the HTTP status and the JSON body. */
export interface HandlerReply {
  status: number;
  body: unknown;
}

/** Options of {@link handlerTransport}. */
export interface HandlerTransportOptions {
  isTestnet: boolean;
  timeoutMs?: number;
  /**
   * Answers one request (e.g. the paper exchange's `info` or `exchange`). `signal` aborts when
   * the transport gives up (time-out or the caller's abort): work not yet done may stop.
   */
  handle: (
    endpoint: 'info' | 'exchange',
    body: unknown,
    signal: AbortSignal,
  ) => Promise<HandlerReply>;
}

const roundTrip = (value: unknown, what: string): unknown => {
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error(`${what} is not JSON`);
  return JSON.parse(text);
};

/** Settles with `promise`, or rejects with the signal's reason once it aborts. */
function race<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A transport that calls `handle` in-process instead of HTTP (the server's way to the
 * built-in paper exchange). It behaves like the wire: payload and answer are copied through
 * JSON; a status other than 200 rejects with the SDK's HttpRequestError (a text body of a
 * 4xx is the exchange's refusal, anything else "unavailable"); no answer within `timeoutMs`
 * rejects as a time-out; an aborted `signal` rejects at once.
 */
export function handlerTransport(options: HandlerTransportOptions): IRequestTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    isTestnet: options.isTestnet,
    async request<T>(endpoint: 'info' | 'exchange', payload: unknown, signal?: AbortSignal) {
      const controller = new AbortController();
      const timedOut = new DOMException('Signal timed out.', 'TimeoutError');
      const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
      const onAbort = () => controller.abort(signal?.reason);
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const call = Promise.resolve().then(() =>
          options.handle(endpoint, roundTrip(payload, 'The request'), controller.signal),
        );
        const reply = await race(call, controller.signal);
        const body = roundTrip(reply.body, 'The answer');
        if (reply.status !== 200) {
          const detail = typeof body === 'string' ? body : JSON.stringify(body);
          const response = new Response(detail, { status: reply.status });
          throw new HttpRequestError({ response, detail, request: payload });
        }
        return body as T;
      } catch (error) {
        if (error instanceof HttpRequestError) throw error;
        const aborted = controller.signal.aborted && error === controller.signal.reason;
        const detail = !aborted
          ? undefined
          : error === timedOut
            ? `Request timed out after ${timeoutMs} ms`
            : 'Request aborted';
        throw new HttpRequestError({ detail, cause: error, request: payload });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
