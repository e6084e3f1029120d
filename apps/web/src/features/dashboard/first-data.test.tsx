import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationRegion } from '@/components/notifications';
import { bingoQueryOptions, journalKeys } from '@/features/journal';
import { EARLY_GETS } from '@/lib/early-requests';
import { stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import { prefetchDashboard } from './first-data';

/**
 * Waits until every read the client started has answered (its error handling, notifications
 * included, has run by then), then lets React render what that changed.
 */
async function answered(client: QueryClient, reads: number) {
  await waitFor(() => {
    const queries = client.getQueryCache().getAll();
    expect(queries).toHaveLength(reads);
    expect(queries.every((query) => query.state.fetchStatus === 'idle')).toBe(true);
  });
  await act(async () => undefined);
}

describe('prefetchDashboard', () => {
  it('asks for what the page’s document sends early (all but /users/me, the session check)', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    prefetchDashboard(createTestQueryClient());
    await Promise.resolve();
    const asked = fetch.mock.calls.map(([url]) => String(url).replace(/^\/api/, ''));
    expect([...asked].sort()).toEqual(
      EARLY_GETS['/bingo']!.filter((path) => path !== '/users/me').sort(),
    );
  });

  it('fills the cache the widgets read, so their first render has the data', async () => {
    localStorage.setItem('token', 'abc');
    stubFetch(({ path }) => ({ status: 200, body: path === '/trades' ? [{ id: 't1' }] : {} }));
    const client = createTestQueryClient();
    prefetchDashboard(client);
    await expect.poll(() => client.getQueryData(journalKeys.trades)).toEqual([{ id: 't1' }]);
  });

  it('stays quiet when the server has ended the session: no notification per read', async () => {
    localStorage.setItem('token', 'revoked');
    stubFetch(() => ({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue' } },
    }));
    render(<NotificationRegion />);
    const client = createTestQueryClient();
    prefetchDashboard(client);
    await answered(client, EARLY_GETS['/bingo']!.length - 1);
    expect(screen.queryByText('Please log in to continue')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leaves a failed read to the widget that shows it, which reports it when it asks again', async () => {
    localStorage.setItem('token', 'abc');
    stubFetch(({ path }) =>
      path === '/bingo/card'
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Board store down' } } }
        : { status: 200, body: {} },
    );
    const client = createTestQueryClient();
    render(<NotificationRegion />);
    prefetchDashboard(client);
    await answered(client, EARLY_GETS['/bingo']!.length - 1);
    expect(client.getQueryState(journalKeys.bingo)?.status).toBe('error');
    expect(screen.queryByText('Board store down')).not.toBeInTheDocument();
    function Board() {
      useQuery(bingoQueryOptions());
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Board />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Board store down')).toBeInTheDocument();
  });
});
