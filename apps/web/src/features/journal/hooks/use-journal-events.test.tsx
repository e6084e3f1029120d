import { act, waitFor } from '@testing-library/react';
import { defaultRiskState, price, type RiskState, type Trade } from '@tb/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { LIVE_REFRESH_MS } from '../api';
import {
  STREAM_FALLBACK_REFRESH_MS,
  streamRetryDelay,
  useJournalStreamConnected,
} from '../journal-stream';
import { resetLocalJournal } from '../local-store';
import { useJournalEvents } from './use-journal-events';
import { useRisk } from './use-risk';
import { useTradeList } from './use-trades';

const placed = (execution: 'open' | 'closed'): Trade =>
  tradeFixture({
    live: {
      connectionId: 'c1',
      orders: { entry: '1', takeProfit: '2', stopLoss: '3' },
      leverage: 5,
      orderType: 'limit',
      execution,
      filledPrice: price(61_000),
      filledSize: 0.0164,
      stopPrice: null,
    },
  });

/** GET /api/events answered by streams the test writes to and ends. */
function fakeStreams() {
  const open: Array<{ write: (text: string) => void; end: () => void }> = [];
  const respond = (init: RequestInit = {}) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    const stream = {
      write: (text: string) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    };
    init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    open.push(stream);
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { open, respond, latest: () => open.at(-1)! };
}

/** A server with a working bracket, whose trades and risk state the test changes. */
function server(events: { status: number } | 'stream' = 'stream') {
  signIn();
  const state: { trades: Trade[]; risk: RiskState } = {
    trades: [placed('open')],
    risk: defaultRiskState(Date.now()),
  };
  const json = stubFetch(({ path }) => {
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/trades') return { status: 200, body: state.trades };
    if (path === '/risk-management') return { status: 200, body: state.risk };
    if (path === '/events' && events !== 'stream') return events;
    return { status: 404 };
  });
  const streams = fakeStreams();
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/events' && events === 'stream'
      ? Promise.resolve(streams.respond(init))
      : json(input, init),
  );
  vi.stubGlobal('fetch', fetch);
  const count = (path: string) =>
    calls(fetch as unknown as typeof json).filter((c) => c === `GET /api${path}`).length;
  return { state, streams, count, fetch };
}

const useDashboard = () => {
  useJournalEvents();
  const list = useTradeList();
  return {
    list,
    risk: useRisk(),
    connected: useJournalStreamConnected(),
    refetch: () => list.query?.refetch(),
  };
};

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  resetLocalJournal();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the journal push', () => {
  it('retries after 1, 2, 4 … 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(streamRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('a pushed change reads the trades or the risk state again, and polling slows while connected', async () => {
    const { state, streams, count, fetch } = server();
    const { result, unmount } = renderHookWithProviders(useDashboard);
    await waitFor(() => expect(result.current.list.trades).toHaveLength(1));
    await waitFor(() => expect(count('/events')).toBe(1));
    const events = fetch.mock.calls.find(([input]) => String(input) === '/api/events')!;
    expect(new Headers(events[1]?.headers).get('authorization')).toBe('Bearer test-token');
    streams.latest().write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(count('/risk-management')).toBe(1));

    // Connected: the working bracket is no longer read every 2 s.
    const before = { trades: count('/trades'), risk: count('/risk-management') };
    await wait(3 * LIVE_REFRESH_MS);
    expect(count('/trades')).toBe(before.trades);
    expect(count('/risk-management')).toBe(before.risk);

    // The server closed the trade from its fills and says so.
    state.trades = [{ ...placed('closed'), status: 'TARGET_HIT' }];
    state.risk = { ...state.risk, tradeStreak: 1 };
    streams
      .latest()
      .write(
        ': heartbeat\n\nevent: journal\ndata: {"kind":"trades"}\n\nevent: journal\ndata: {"kind":"risk"}\n\n',
      );
    await waitFor(() => expect(result.current.list.trades[0]?.status).toBe('TARGET_HIT'));
    await waitFor(() => expect(result.current.risk.risk.tradeStreak).toBe(1));
    unmount();
  });

  it('when the stream drops, polls every 2 s again and reconnects after 1 s, reading what it missed', async () => {
    const { streams, count } = server();
    const { result, unmount } = renderHookWithProviders(useDashboard);
    await waitFor(() => expect(count('/events')).toBe(1));
    streams.latest().write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(result.current.list.trades).toHaveLength(1));
    await waitFor(() => expect(count('/risk-management')).toBe(1));
    await wait(STREAM_FALLBACK_REFRESH_MS - 1_000);
    const quiet = count('/trades');

    streams.latest().end();
    await waitFor(() => expect(result.current.connected).toBe(false));
    await wait(LIVE_REFRESH_MS + 50);
    await waitFor(() => expect(count('/trades')).toBeGreaterThan(quiet));
    await waitFor(() => expect(count('/events')).toBe(2));

    const beforeReady = { trades: count('/trades'), risk: count('/risk-management') };
    streams.latest().write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(count('/trades')).toBe(beforeReady.trades + 1));
    await waitFor(() => expect(count('/risk-management')).toBe(beforeReady.risk + 1));
    unmount();
  });

  it('holds no stream without a working bracket, and lets it go once the bracket closed', async () => {
    const { state, streams, count } = server();
    state.trades = [tradeFixture()];
    const { result, unmount } = renderHookWithProviders(useDashboard);
    await waitFor(() => expect(result.current.list.trades).toHaveLength(1));
    await wait(3 * LIVE_REFRESH_MS);
    expect(count('/events')).toBe(0);

    // A bracket placed from Trade Details: the stream opens.
    state.trades = [placed('open')];
    await act(() => result.current.refetch());
    await waitFor(() => expect(count('/events')).toBe(1));
    streams.latest().write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current.connected).toBe(true));

    // Its fills closed it: the event reads the trades, and the stream is let go.
    state.trades = [{ ...placed('closed'), status: 'TARGET_HIT' }];
    streams.latest().write('event: journal\ndata: {"kind":"trades"}\n\n');
    await waitFor(() => expect(result.current.connected).toBe(false));
    await wait(STREAM_FALLBACK_REFRESH_MS);
    expect(count('/events')).toBe(1);
    unmount();
  });

  it('lets the stream go in a hidden tab, and opens it again when shown, reading what it missed', async () => {
    const { streams, count } = server();
    const { result, unmount } = renderHookWithProviders(useDashboard);
    await waitFor(() => expect(count('/events')).toBe(1));
    streams.latest().write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(count('/risk-management')).toBe(1));
    const setVisibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    try {
      setVisibility('hidden');
      await waitFor(() => expect(result.current.connected).toBe(false));
      await wait(3 * LIVE_REFRESH_MS);
      expect(count('/events')).toBe(1);

      setVisibility('visible');
      await waitFor(() => expect(count('/events')).toBe(2));
      const before = count('/risk-management');
      streams.latest().write('event: ready\ndata: {}\n\n');
      await waitFor(() => expect(result.current.connected).toBe(true));
      await waitFor(() => expect(count('/risk-management')).toBe(before + 1));
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      unmount();
    }
  });

  it('backs off while the stream cannot be opened, polling meanwhile', async () => {
    const { count } = server({ status: 503 });
    const { result, unmount } = renderHookWithProviders(useDashboard);
    await waitFor(() => expect(result.current.list.trades).toHaveLength(1));
    await waitFor(() => expect(count('/events')).toBe(1));
    const polled = count('/trades');
    await wait(1_000 + 50);
    await waitFor(() => expect(count('/events')).toBe(2));
    await wait(2_000 + 50);
    await waitFor(() => expect(count('/events')).toBe(3));
    await wait(2_000);
    expect(count('/events')).toBe(3);
    expect(count('/trades')).toBeGreaterThan(polled);
    expect(result.current.connected).toBe(false);
    unmount();
  });
});
