import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { apiRequest } from './api-client';
import { startEarlyRequests, takeEarlyResponse } from './early-requests';

describe('early requests (sent by main.tsx before the page code loads)', () => {
  it('sends the dashboard’s GETs with the token, and apiRequest takes each answer once', async () => {
    localStorage.setItem('token', 'abc');
    let n = 0;
    const fetch = stubFetch(() => ({ status: 200, body: { n: ++n } }));
    startEarlyRequests('/bingo', 'abc');
    const sent = fetch.mock.calls.map(([url]) => String(url));
    expect(sent).toEqual([
      '/api/users/widget-layout',
      '/api/bingo/card',
      '/api/risk-management',
      '/api/trades',
      '/api/users/exchanges',
    ]);
    expect(new Headers(fetch.mock.calls[1]![1]?.headers).get('Authorization')).toBe('Bearer abc');
    // The card's early answer serves the page's first read; the next read asks again.
    await expect(apiRequest('/bingo/card')).resolves.toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(5);
    await expect(apiRequest('/bingo/card')).resolves.toEqual({ n: 6 });
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('sends nothing for pages without early data', () => {
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    startEarlyRequests('/leaderboard', 'abc');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does not hand an answer to another token, or one that waited too long', () => {
    stubFetch(() => ({ status: 200, body: {} }));
    startEarlyRequests('/bingo', 'abc', 1_000);
    expect(takeEarlyResponse('/trades', 'other', 1_100)).toBeUndefined();
    expect(takeEarlyResponse('/bingo/card', 'abc', 7_000)).toBeUndefined();
    expect(takeEarlyResponse('/risk-management', 'abc', 1_100)).toBeInstanceOf(Promise);
    // Taken (or refused) once: gone.
    expect(takeEarlyResponse('/trades', 'abc', 1_100)).toBeUndefined();
  });

  it('sends a request again when its early one failed on the network', async () => {
    localStorage.setItem('token', 'abc');
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      if (calls <= 5) throw new TypeError('Failed to fetch');
      return { status: 200, body: { ok: true } };
    });
    startEarlyRequests('/bingo', 'abc');
    await expect(apiRequest('/trades')).resolves.toEqual({ ok: true });
    expect(calls).toBe(6);
  });
});

describe('an early request that hangs', () => {
  it('is given up after the time-out and the request is sent again', async () => {
    localStorage.setItem('token', 'abc');
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      if (calls <= 5) return new Promise(() => undefined);
      return { status: 200, body: { ok: true } };
    });
    startEarlyRequests('/bingo', 'abc');
    await expect(apiRequest('/trades', { timeoutMs: 50 })).resolves.toEqual({ ok: true });
    expect(calls).toBe(6);
  });
});
