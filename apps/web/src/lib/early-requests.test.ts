import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { apiRequest } from './api-client';
import {
  EARLY_GETS,
  pageBootScript,
  startEarlyRequests,
  takeEarlyResponse,
} from './early-requests';

const EARLY_ON_BINGO = EARLY_GETS['/bingo']!.length;

describe('early requests (sent by main.tsx before the page code loads)', () => {
  it('sends the dashboard’s GETs with the token, and apiRequest takes each answer once', async () => {
    localStorage.setItem('token', 'abc');
    let n = 0;
    const fetch = stubFetch(() => ({ status: 200, body: { n: ++n } }));
    startEarlyRequests('/bingo', 'abc');
    const sent = fetch.mock.calls.map(([url]) => String(url));
    expect(sent).toEqual([
      '/api/users/me',
      '/api/users/widget-layout',
      '/api/bingo/card',
      '/api/risk-management',
      '/api/trades',
      '/api/users/exchanges',
      '/api/users/settings',
    ]);
    expect(new Headers(fetch.mock.calls[2]![1]?.headers).get('Authorization')).toBe('Bearer abc');
    // The card's early answer serves the page's first read; the next read asks again.
    await expect(apiRequest('/bingo/card')).resolves.toEqual({ n: 3 });
    expect(fetch).toHaveBeenCalledTimes(EARLY_ON_BINGO);
    await expect(apiRequest('/bingo/card')).resolves.toEqual({ n: EARLY_ON_BINGO + 1 });
    expect(fetch).toHaveBeenCalledTimes(EARLY_ON_BINGO + 1);
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
      if (calls <= EARLY_ON_BINGO) throw new TypeError('Failed to fetch');
      return { status: 200, body: { ok: true } };
    });
    startEarlyRequests('/bingo', 'abc');
    await expect(apiRequest('/trades')).resolves.toEqual({ ok: true });
    expect(calls).toBe(EARLY_ON_BINGO + 1);
  });
});

describe('an early request that hangs', () => {
  it('is given up after the time-out and the request is sent again', async () => {
    localStorage.setItem('token', 'abc');
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      if (calls <= EARLY_ON_BINGO) return new Promise(() => undefined);
      return { status: 200, body: { ok: true } };
    });
    startEarlyRequests('/bingo', 'abc');
    await expect(apiRequest('/trades', { timeoutMs: 50 })).resolves.toEqual({ ok: true });
    expect(calls).toBe(EARLY_ON_BINGO + 1);
  });
});

describe('the page document’s boot script (pageBootScript, run before any module)', () => {
  /** Runs the script as the document would (its own source text), and the tasks it queues. */
  const runInline = async (source: string) => {
    new Function(source)();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  beforeEach(() => {
    delete window.__tbBoot;
  });

  it('sends the page’s GETs with the stored token, and the app takes them over', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('tokenExpires', new Date(Date.now() + 60_000).toISOString());
    let n = 0;
    const fetch = stubFetch(() => ({ status: 200, body: { n: ++n } }));
    await runInline(pageBootScript('/bingo'));
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(
      EARLY_GETS['/bingo']!.map((path) => `/api${path}`),
    );
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer abc');
    expect(window.__tbBoot?.token).toBe('abc');

    startEarlyRequests('/bingo', 'abc');
    expect(fetch).toHaveBeenCalledTimes(EARLY_ON_BINGO);
    expect(window.__tbBoot).toBeNull();
    await expect(apiRequest('/bingo/card')).resolves.toEqual({ n: 3 });
    expect(fetch).toHaveBeenCalledTimes(EARLY_ON_BINGO);
  });

  it('sends nothing without a token or with an expired one', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    await runInline(pageBootScript('/bingo'));
    localStorage.setItem('token', 'abc');
    localStorage.setItem('tokenExpires', new Date(Date.now() - 1_000).toISOString());
    await runInline(pageBootScript('/bingo'));
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__tbBoot).toBeUndefined();
  });

  it('leaves requests sent with another token alone: the app sends its own', async () => {
    localStorage.setItem('token', 'old');
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    await runInline(pageBootScript('/bingo'));
    startEarlyRequests('/bingo', 'new');
    expect(fetch).toHaveBeenCalledTimes(2 * EARLY_ON_BINGO);
    const last = fetch.mock.calls.at(-1)![1]?.headers;
    expect(new Headers(last).get('Authorization')).toBe('Bearer new');
    expect(takeEarlyResponse('/trades', 'old')).toBeUndefined();
  });

  it('sends nothing once the app has started without it (its modules were cached)', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    new Function(pageBootScript('/bingo'))();
    startEarlyRequests('/bingo', 'abc');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).toHaveBeenCalledTimes(EARLY_ON_BINGO);
  });
});
