import { render, screen, act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationRegion } from '@/components/notifications';
import { ApiError } from '@/lib/api-error';
import { createTestQueryClient } from '@/test/render-app';

function mutate(meta: Record<string, string>, fn: () => Promise<unknown>) {
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
});
