import type { ConnectedExchange } from '@tb/core';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exchangeKeys } from '@/features/exchange';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { FakeSocket } from '@/test/fake-websocket';
import { CHANGE_WINDOW_MS } from '../lib/paper-feed';
import { usePaperFeed } from './use-paper-feed';

/** The trading page's feed: a paper account's pushes refresh its tables; nothing else opens. */

const USER = '0x00000000000000000000000000000000000000bb';
const paper: ConnectedExchange = {
  id: 'c1',
  name: 'Hyperliquid',
  network: 'paper',
  connectedAt: '2026-11-29T00:00:00.000Z',
  walletAddress: USER,
};

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.made.length = 0;
});

describe('usePaperFeed', () => {
  it("follows a paper account on the page's /paper/ws and refreshes its tables on a push", () => {
    const { result, queryClient, unmount } = renderHookWithProviders(() =>
      usePaperFeed(paper, 'c1'),
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const [socket] = FakeSocket.made;
    expect(socket?.url).toBe(`ws://${window.location.host}/paper/ws`);
    expect(result.current).toBe(false);
    act(() => {
      socket!.serverOpens();
      socket!.serverSends({ channel: 'subscriptionResponse', data: {} });
    });
    expect(result.current).toBe(true);
    vi.useFakeTimers();
    act(() => {
      socket!.serverSends({ channel: 'orderUpdates', data: [{ status: 'filled' }] });
      vi.advanceTimersByTime(CHANGE_WINDOW_MS);
    });
    vi.useRealTimers();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      exchangeKeys.account('c1'),
      exchangeKeys.positions('c1'),
      exchangeKeys.orders('c1'),
      exchangeKeys.myTrades('c1'),
      exchangeKeys.orderHistory('c1'),
    ]);
    unmount();
    expect(socket!.closed).toBe(true);
  });

  it('opens nothing for a real connection', () => {
    const mainnet: ConnectedExchange = { ...paper, network: 'mainnet', walletAddress: USER };
    const { result } = renderHookWithProviders(() => usePaperFeed(mainnet, 'c1'));
    expect(FakeSocket.made).toEqual([]);
    expect(result.current).toBe(false);
  });
});
