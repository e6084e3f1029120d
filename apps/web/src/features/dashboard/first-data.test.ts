import { describe, expect, it } from 'vitest';
import { EARLY_GETS } from '@/lib/early-requests';
import { stubFetch } from '@/test/fetch-mock';
import { journalKeys } from '@/features/journal';
import { createTestQueryClient } from '@/test/render-app';
import { prefetchDashboard } from './first-data';

describe('prefetchDashboard', () => {
  it('asks for what the page’s document sends early (all but /users/me, the session check)', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    const client = createTestQueryClient();
    prefetchDashboard(client);
    await Promise.resolve();
    const asked = fetch.mock.calls.map(([url]) => String(url).replace(/^\/api/, ''));
    expect([...asked].sort()).toEqual(
      EARLY_GETS['/bingo']!.filter((path) => path !== '/users/me').sort(),
    );
  });

  it('fills the cache the widgets read, so their first render has the data', async () => {
    localStorage.setItem('token', 'abc');
    stubFetch(({ path }) => ({
      status: 200,
      body: path === '/trades' ? [{ id: 't1' }] : {},
    }));
    const client = createTestQueryClient();
    prefetchDashboard(client);
    await expect.poll(() => client.getQueryData(journalKeys.trades)).toEqual([{ id: 't1' }]);
  });
});
