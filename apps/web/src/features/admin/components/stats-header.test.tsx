import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody } from '@/test/fetch-mock';
import { renderAdmin, stats } from '../test-fixtures';

const overview = () => screen.getByRole('region', { name: 'Overview' });

describe('StatsHeader', () => {
  it('says it is loading, then shows the counts with thousands separators', async () => {
    renderAdmin();
    expect(within(overview()).getByText('Loading user statistics...')).toBeInTheDocument();
    const trades = await within(overview()).findByText('Trades');
    expect(trades.nextSibling).toHaveTextContent(/^1,234$/);
    expect(stats.trades).toBe(1234);
  });

  it("a failed load shows the server's message and Try again loads again", async () => {
    let fail = true;
    const { user, fetch } = renderAdmin({
      'GET /users/stats': () =>
        fail
          ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Stats are resting') }
          : { status: 200, body: stats },
    });
    expect(await within(overview()).findByRole('alert')).toHaveTextContent('Stats are resting');
    fail = false;
    await user.click(within(overview()).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(overview()).getByText('Users').nextSibling).toHaveTextContent('3'),
    );
    expect(within(overview()).queryByRole('alert')).toBeNull();
    expect(calls(fetch).filter((c) => c === 'GET /api/users/stats')).toHaveLength(2);
  });
});
