import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-websocket';
import { CHANGE_WINDOW_MS, PaperFeed, paperFeedUrl } from './paper-feed';

const USER = '0x00000000000000000000000000000000000000aa';

function follow() {
  const onChange = vi.fn();
  const live: boolean[] = [];
  const feed = new PaperFeed({
    url: 'ws://app.test/paper/ws',
    user: USER,
    onChange,
    onLive: (value) => live.push(value),
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
  return { feed, onChange, live, socket: () => FakeSocket.made.at(-1)! };
}

afterEach(() => {
  FakeSocket.made.length = 0;
  vi.useRealTimers();
});

describe('PaperFeed', () => {
  it('is the page origin’s /paper/ws', () => {
    expect(paperFeedUrl({ protocol: 'https:', host: 'app.test' })).toBe('wss://app.test/paper/ws');
    expect(paperFeedUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/paper/ws',
    );
  });

  it("subscribes to the account's fills and orders, and calls a push a change (not the snapshot)", () => {
    vi.useFakeTimers();
    const { feed, onChange, live, socket } = follow();
    expect(socket().url).toBe('ws://app.test/paper/ws');
    socket().serverOpens();
    expect(socket().sent).toEqual([
      { method: 'subscribe', subscription: { type: 'userFills', user: USER } },
      { method: 'subscribe', subscription: { type: 'orderUpdates', user: USER } },
    ]);
    socket().serverSends({
      channel: 'subscriptionResponse',
      data: { method: 'subscribe', subscription: { type: 'userFills', user: USER } },
    });
    expect(live).toEqual([true]);
    socket().serverSends({
      channel: 'userFills',
      data: { user: USER, fills: [], isSnapshot: true },
    });
    vi.advanceTimersByTime(CHANGE_WINDOW_MS);
    expect(onChange).not.toHaveBeenCalled();
    // A fill and its order's update, pushed together: one change.
    socket().serverSends({ channel: 'userFills', data: { user: USER, fills: [{ tid: 1 }] } });
    socket().serverSends({ channel: 'orderUpdates', data: [{ status: 'filled' }] });
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CHANGE_WINDOW_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
    socket().serverSends({ channel: 'orderUpdates', data: [{ status: 'open' }] });
    vi.advanceTimersByTime(CHANGE_WINDOW_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
    socket().serverSends({ channel: 'pong' });
    vi.advanceTimersByTime(CHANGE_WINDOW_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
    feed.close();
    expect(socket().closed).toBe(true);
    expect(live).toEqual([true, false]);
  });

  it('opens again after a drop, waiting longer each time, and not once closed', () => {
    vi.useFakeTimers();
    const { feed, live, socket } = follow();
    const first = socket();
    first.serverOpens();
    first.serverSends({ channel: 'subscriptionResponse', data: {} });
    first.serverCloses();
    expect(live).toEqual([true, false]);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    // Refused again (never subscribed): the next wait is 2 s.
    socket().serverCloses();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    socket().serverCloses();
    feed.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(3);
  });
});
