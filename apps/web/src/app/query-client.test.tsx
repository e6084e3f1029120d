import { render, screen, act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationRegion } from '@/components/notifications';
import { ApiError } from '@/lib/api-error';
import { createTestQueryClient } from '@/test/render-app';
import type { RequestMeta } from './query-client';

function mutate(meta: RequestMeta, fn: () => Promise<unknown>) {
  const client = createTestQueryClient();
  return client
    .getMutationCache()
    .build(client, { mutationFn: fn, meta })
    .execute(undefined)
    .catch(() => undefined);
}

describe('the one error handler', () => {
  it('turns a failed request into one notification with the server message, hidden after 3 s', async () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    await act(() =>
      mutate({ errorMessage: 'Failed to save' }, () =>
        Promise.reject(
          new ApiError({ status: 400, code: 'X', message: 'Server says no', fromServer: true }),
        ),
      ),
    );
    expect(screen.getByText('Server says no')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(screen.getByText('Server says no')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Server says no')).not.toBeInTheDocument();
  });

  it('uses the fallback text when the server gave none, and the success text on success', async () => {
    render(<NotificationRegion />);
    await act(() =>
      mutate({ errorMessage: 'Failed to save' }, () => Promise.reject(new Error('network'))),
    );
    await act(() => mutate({ successMessage: 'Saved' }, () => Promise.resolve(1)));
    expect(screen.getByText('Failed to save')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('stays quiet without meta, but a 401 clears the stored session', async () => {
    localStorage.setItem('token', 't');
    render(<NotificationRegion />);
    await act(() =>
      mutate({}, () =>
        Promise.reject(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'no' })),
      ),
    );
    expect(screen.queryByText('no')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps meta notifications for notificationMs when given (signals: 5 s)', async () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    await act(() =>
      mutate({ successMessage: 'Signals saved', notificationMs: 5_000 }, () => Promise.resolve(1)),
    );
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(screen.getByText('Signals saved')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Signals saved')).not.toBeInTheDocument();
  });

  it('takes success and error texts from the answer, and success notes with their tone', async () => {
    render(<NotificationRegion />);
    await act(() =>
      mutate(
        {
          successMessage: (data) => [
            { message: (data as { message: string }).message, tone: 'success' },
            { message: 'A note', tone: 'info' },
          ],
        },
        () => Promise.resolve({ message: 'From the server' }),
      ),
    );
    await act(() =>
      mutate({ errorMessage: (error) => `Wrapped: ${(error as Error).message}` }, () =>
        Promise.reject(new Error('boom')),
      ),
    );
    expect(screen.getByText('From the server').parentElement).toHaveClass('notification--success');
    expect(screen.getByText('A note').parentElement).toHaveClass('notification--info');
    expect(screen.getByText('Wrapped: boom')).toBeInTheDocument();
  });

  it('stays quiet for the error codes in silentCodes (the screen shows them its own way)', async () => {
    render(<NotificationRegion />);
    const ended = new ApiError({
      status: 403,
      code: 'SESSION_ENDED',
      message: 'Session ended',
      fromServer: true,
    });
    await act(() =>
      mutate({ errorMessage: 'Failed to place order', silentCodes: ['SESSION_ENDED'] }, () =>
        Promise.reject(ended),
      ),
    );
    expect(screen.queryByText('Session ended')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to place order')).not.toBeInTheDocument();
    await act(() =>
      mutate({ errorMessage: 'Failed to place order', silentCodes: ['SESSION_ENDED'] }, () =>
        Promise.reject(
          new ApiError({ status: 502, code: 'EXCHANGE_ERROR', message: 'Down', fromServer: true }),
        ),
      ),
    );
    expect(screen.getByText('Down')).toBeInTheDocument();
  });
});
