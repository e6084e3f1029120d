import { describe, expect, it, vi, type Mock } from 'vitest';
import type { EventStreamOptions } from '@/lib/event-stream';
import { chatMessage } from '../test/fixtures';
import {
  openChatStream,
  RESUME_OVERLAP,
  resumeId,
  type ChatStreamHandlers,
} from './chat-connection';

/** A fake stream reader: each connection the test opens, feeds and drops. */
function fakeServer() {
  const connections: Array<{
    options: EventStreamOptions;
    drop: () => void;
    send: (event: string, data: unknown, id?: string) => void;
  }> = [];
  const read = vi.fn((_path: string, options: EventStreamOptions) => {
    return new Promise<void>((_resolve, reject) => {
      connections.push({
        options,
        drop: () => reject(new Error('network')),
        send: (event, data, id) =>
          options.onEvent({ event, data: JSON.stringify(data), id: id ?? null }),
      });
      options.onOpen?.();
    });
  });
  return { read, connections, latest: () => connections.at(-1)! };
}

function handlers(): { [K in keyof ChatStreamHandlers]: Mock<ChatStreamHandlers[K]> } {
  return {
    onOpen: vi.fn(),
    onDrop: vi.fn(),
    onMessage: vi.fn(),
    onDeleted: vi.fn(),
    onMuted: vi.fn(),
    onUnmuted: vi.fn(),
  };
}

describe('openChatStream', () => {
  it('hands messages, removals and mutes over, and skips what it cannot read', () => {
    const server = fakeServer();
    const on = handlers();
    openChatStream('t1', on, { read: server.read });
    expect(server.read).toHaveBeenCalledWith(
      '/chat/stream',
      expect.objectContaining({ token: 't1', lastEventId: null }),
    );
    expect(on.onOpen).toHaveBeenCalledWith(false);
    server.latest().send('message', { message: chatMessage('7') }, '7');
    server.latest().send('deleted', { id: '7', room: 'general' });
    server.latest().send('muted', { until: '2026-11-29T13:00:00.000Z' });
    server.latest().send('unmuted', {});
    server.latest().send('message', { message: { id: 8 } }, '8');
    server.latest().options.onEvent({ event: 'message', data: 'not json', id: '9' });
    expect(on.onMessage).toHaveBeenCalledTimes(1);
    expect(on.onMessage).toHaveBeenCalledWith(chatMessage('7'));
    expect(on.onDeleted).toHaveBeenCalledWith({ id: '7', room: 'general' });
    expect(on.onMuted).toHaveBeenCalledWith({ until: '2026-11-29T13:00:00.000Z' });
    expect(on.onUnmuted).toHaveBeenCalledTimes(1);
  });

  it('reconnects from a little before the last id, and hands over no message twice', async () => {
    expect(resumeId(null)).toBeNull();
    expect(resumeId('10')).toBe('0');
    expect(resumeId(String(RESUME_OVERLAP + 70))).toBe('70');
    const server = fakeServer();
    const on = handlers();
    const timers: Array<() => void> = [];
    const setTimer = (run: () => void) => {
      timers.push(run);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    };
    openChatStream('t1', on, { read: server.read, setTimer });
    server.latest().send('message', { message: chatMessage('100') }, '100');
    // 99 was stored before 100 but committed after it, while the network was down.
    server.latest().drop();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    timers[0]!();
    expect(server.latest().options.lastEventId).toBe(String(100 - RESUME_OVERLAP));
    expect(on.onOpen).toHaveBeenLastCalledWith(true);
    for (const id of ['99', '100', '101']) {
      server.latest().send('message', { message: chatMessage(id) }, id);
    }
    expect(on.onMessage.mock.calls.map(([message]) => message.id)).toEqual(['100', '99', '101']);
    // The last id stays the largest seen, whatever order the replay came in.
    server.latest().drop();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    timers[1]!();
    expect(server.latest().options.lastEventId).toBe(String(101 - RESUME_OVERLAP));
  });

  it('after a drop, waits 1 s, then 2 s …, and reconnects from before the last message id', async () => {
    const server = fakeServer();
    const on = handlers();
    const timers: Array<{ run: () => void; ms: number }> = [];
    const setTimer = (run: () => void, ms: number) => {
      timers.push({ run, ms });
      return 0 as unknown as ReturnType<typeof setTimeout>;
    };
    const read = vi.fn((path: string, options: EventStreamOptions) =>
      // The second connection fails before it opens: the next wait doubles.
      server.read.mock.calls.length === 1 && read.mock.calls.length === 2
        ? Promise.reject(new Error('refused'))
        : server.read(path, options),
    );
    openChatStream('t1', on, { read, setTimer });
    server.latest().send('message', { message: chatMessage('9') }, '9');
    server.latest().send('message', { message: chatMessage('10') }, '10');
    server.latest().drop();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(on.onDrop).toHaveBeenCalledTimes(1);
    expect(timers[0]!.ms).toBe(1_000);

    timers[0]!.run(); // refused
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(read.mock.calls[1]![1].lastEventId).toBe(resumeId('10'));
    expect(timers[1]!.ms).toBe(2_000);

    timers[1]!.run(); // open again, replaying after 10
    expect(server.latest().options.lastEventId).toBe(resumeId('10'));
    expect(on.onOpen).toHaveBeenLastCalledWith(true);
    server.latest().send('message', { message: chatMessage('11') }, '11');
    server.latest().drop();
    await vi.waitFor(() => expect(timers).toHaveLength(3));
    // It was open before this drop: the wait starts again from 1 s.
    expect(timers[2]!.ms).toBe(1_000);
    timers[2]!.run();
    expect(server.latest().options.lastEventId).toBe(resumeId('11'));
  });

  it('closed, it aborts the stream and does not reconnect', async () => {
    const server = fakeServer();
    const on = handlers();
    const setTimer = vi.fn();
    const close = openChatStream('t1', on, { read: server.read, setTimer });
    close();
    expect(server.latest().options.signal.aborted).toBe(true);
    server.latest().drop();
    await Promise.resolve();
    await Promise.resolve();
    expect(setTimer).not.toHaveBeenCalled();
    expect(on.onDrop).not.toHaveBeenCalled();
  });
});
