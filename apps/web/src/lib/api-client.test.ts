import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, never, stubFetch } from '@/test/fetch-mock';
import { apiDownload, apiRequest, REQUEST_TIMEOUT_MS } from './api-client';
import { ApiError, errorMessage } from './api-error';

afterEach(() => vi.useRealTimers());

describe('apiRequest', () => {
  it('asks again with the ETag it was given, and a 304 answers what it kept (issue 29)', async () => {
    localStorage.setItem('token', 'abc');
    const seen: (string | null)[] = [];
    let version = 1;
    stubFetch(({ headers }) => {
      const asked = headers.get('If-None-Match');
      seen.push(asked);
      const etag = `W/"v${version}"`;
      if (asked === etag) return { status: 304 };
      return { status: 200, body: [{ id: `t${version}` }], headers: { ETag: etag } };
    });
    await expect(apiRequest('/kept')).resolves.toEqual([{ id: 't1' }]);
    await expect(apiRequest('/kept')).resolves.toEqual([{ id: 't1' }]);
    version = 2;
    await expect(apiRequest('/kept')).resolves.toEqual([{ id: 't2' }]);
    expect(seen).toEqual([null, 'W/"v1"', 'W/"v1"']);
    // Another trader's token never gets the first one's answer.
    localStorage.setItem('token', 'other');
    await apiRequest('/kept');
    expect(seen.at(-1)).toBeNull();
  });

  it('sends JSON under /api with the stored bearer token', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(() => ({ status: 200, body: { ok: true } }));
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/things');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token, or when told not to', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    await apiRequest('/a');
    localStorage.setItem('token', 'abc');
    await apiRequest('/b', { token: null });
    for (const [, init] of fetch.mock.calls) {
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    }
  });

  it('turns the server error body into an ApiError with status, code, message and field', async () => {
    stubFetch(() => ({
      status: 400,
      body: errorBody('VALIDATION_ERROR', 'Please enter a valid email address', 'email'),
    }));
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Please enter a valid email address',
      field: 'email',
      fromServer: true,
    });
    expect(errorMessage(error, 'fallback')).toBe('Please enter a valid email address');
  });

  it('keeps the reason and reopensAt of a 403 SESSION_ENDED or 409 COOLDOWN', async () => {
    stubFetch(() => ({
      status: 409,
      body: {
        error: {
          ...errorBody('COOLDOWN', 'Not yet — the session reopens at 14:35 (UTC).').error,
          reason: 'STOPLOSSES',
          reopensAt: '2026-01-05T14:35:00.000Z',
        },
      },
    }));
    const error = await apiRequest('/risk-management/reset-sl').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 409,
      code: 'COOLDOWN',
      reason: 'STOPLOSSES',
      reopensAt: '2026-01-05T14:35:00.000Z',
    });
  });

  it('downloads a file as a Blob with the bearer token; an error body is an ApiError', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(({ path }) =>
      path === '/ok.csv'
        ? { status: 200, body: 'id,date' }
        : { status: 403, body: errorBody('FORBIDDEN', 'Not yours') },
    );
    const blob = await apiDownload('/ok.csv');
    expect(await blob.text()).toBe('"id,date"');
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer abc');
    await expect(apiDownload('/nope.csv')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Not yours',
    });
  });

  it('falls back to an HTTP_ERROR when the error body is not the API shape', async () => {
    stubFetch(() => ({ status: 502, body: { nope: true } }));
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', fromServer: false });
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('gives up after 10 seconds with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    stubFetch(() => never());
    const pending = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('returns undefined for an empty 204 answer', async () => {
    stubFetch(() => ({ status: 204 }));
    await expect(apiRequest('/users/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
