import { ApiError, parseErrorBody } from './api-error';
import { takeEarlyResponse } from './early-requests';
import { readSession } from './session';

export const API_BASE = '/api';
/** SPEC.md section 9: request time-out 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the stored token (e.g. logout sends the token it is about to clear). */
  token?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`: the server answers a retry of the action once (lib/idempotency-key). */
  idempotencyKey?: string;
}

/**
 * The one way the web app talks to the server: JSON in and out under `/api`, the bearer token
 * when one is stored, a 10 s time-out, and an `ApiError` for every failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return readResponse<T>(await revalidated(path, tokenOf(options), response));
}

/**
 * The last answer that came with an ETag, per path, and whose token it was (the journal: the
 * server answers 304 while it is unchanged). Signed-in answers are `no-store` (issue 29): the
 * browser keeps nothing, so this page keeps it, in memory only.
 */
const kept = new Map<string, { token: string | null | undefined; etag: string; text: string }>();

function keptFor(path: string, token: string | null | undefined) {
  const entry = kept.get(path);
  return entry && entry.token === token ? entry : undefined;
}

/** A 304 answered with what was kept; a new answer with an ETag kept for next time. */
async function revalidated(
  path: string,
  token: string | null | undefined,
  response: Response,
): Promise<Response> {
  const entry = keptFor(path, token);
  if (response.status === 304 && entry) {
    return new Response(entry.text, {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  const etag = response.headers.get('etag');
  if (response.ok && etag) kept.set(path, { token, etag, text: await response.clone().text() });
  else if (response.ok) kept.delete(path);
  return response;
}

const tokenOf = (options: RequestOptions) =>
  options.token === undefined ? readSession()?.token : options.token;

/**
 * A file from the server (e.g. GET /api/trades/export.csv) as a Blob, sent like
 * {@link apiRequest} (bearer token, time-out); a failure throws the same `ApiError`.
 */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  if (!response.ok) return readResponse<never>(response);
  return response.blob();
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const token = tokenOf(options);
  const headers: Record<string, string> = { Accept: accept };
  if (method === 'GET' && accept === 'application/json') {
    const early = takeEarlyResponse(path, token);
    const response = early && (await settleWithin(early, timeoutMs, signal));
    if (response) return response;
    const entry = keptFor(path, token);
    if (entry) headers['If-None-Match'] = entry.etag;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);

  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) {
      throw new ApiError({ status: 0, code: 'TIMEOUT', message: 'The request timed out' });
    }
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * An early answer, unless it takes longer than the request's time-out or the caller gives up
 * first: then null, and the request is sent again as usual.
 */
function settleWithin(
  early: Promise<Response | null>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Response | null> {
  return new Promise((resolve) => {
    const done = (response: Response | null) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', gaveUp);
      resolve(response);
    };
    const gaveUp = () => done(null);
    const timer = setTimeout(gaveUp, timeoutMs);
    signal?.addEventListener('abort', gaveUp);
    void early.then(done);
  });
}

async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) {
        throw new ApiError({
          status: response.status,
          code: 'BAD_RESPONSE',
          message: 'Invalid response format',
        });
      }
    }
  }
  if (response.ok) return data as T;
  const parsed = parseErrorBody(data);
  if (parsed) throw new ApiError({ status: response.status, ...parsed, fromServer: true });
  throw new ApiError({
    status: response.status,
    code: 'HTTP_ERROR',
    message: `Request failed with status ${response.status}`,
  });
}
