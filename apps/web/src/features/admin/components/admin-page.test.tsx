import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { renderApp, signIn } from '@/test/render-app';
import {
  adminUser,
  alice,
  bob,
  fakeServer,
  list,
  me,
  openAdmin,
  renderAdmin,
  userRow,
} from '../test-fixtures';

const listCalls = (fetch: ReturnType<typeof stubFetch>) =>
  calls(fetch).filter((c) => c.startsWith('GET /api/users/all'));

describe('AdminPage header and user list', () => {
  it('shows the counts and one row per user', async () => {
    const { fetch } = await openAdmin();
    expect(listCalls(fetch)).toEqual(['GET /api/users/all?search=&page=1&pageSize=25']);

    const overview = screen.getByRole('region', { name: 'Overview' });
    const stat = (label: string) => within(overview).getByText(label).nextSibling;
    await waitFor(() => expect(stat('Users')).toHaveTextContent('3'));
    expect(stat('Premium')).toHaveTextContent('2');
    expect(stat('Admins')).toHaveTextContent('1');
    expect(stat('Verified')).toHaveTextContent('2');
    expect(stat('Active subscriptions')).toHaveTextContent('1');
    expect(stat('Trades')).toHaveTextContent('1,234');

    const root = userRow('root');
    expect(root).toHaveTextContent('You');
    expect(root).toHaveTextContent('root@example.com');
    expect(root).toHaveTextContent('granted');
    expect(within(root).getByText('Admin')).toBeInTheDocument();
    expect(root).toHaveTextContent('1 Mar 2026, 14:05 UTC');

    const aliceRow = userRow('alice');
    expect(aliceRow).not.toHaveTextContent('You');
    expect(within(aliceRow).getByText('Unverified')).toBeInTheDocument();
    expect(aliceRow).toHaveTextContent('Never');
    expect(aliceRow).toHaveTextContent('2 Jan 2026');
    expect(aliceRow).toHaveTextContent('12');

    const bobRow = userRow('bob');
    expect(within(bobRow).getByText('Verified')).toBeInTheDocument();
    expect(within(bobRow).getByText('Premium')).toBeInTheDocument();
    expect(bobRow).toHaveTextContent('subscription');
    expect(bobRow).toHaveTextContent('Monthly');
    expect(bobRow).toHaveTextContent('ends 3 Mar 2026 · 12 days left');
  });

  it('searches once the typing stops, from page 1', async () => {
    const { user, fetch } = await openAdmin({
      'GET /users/all': (req) => {
        const params = new URLSearchParams(req.path.split('?')[1]);
        return params.get('search') === 'ali'
          ? { status: 200, body: list([alice]) }
          : { status: 200, body: list([me, alice, bob], 60, Number(params.get('page'))) };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ali');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /bob/ })).toBeNull());
    expect(listCalls(fetch)).toEqual([
      'GET /api/users/all?search=&page=1&pageSize=25',
      'GET /api/users/all?search=&page=2&pageSize=25',
      'GET /api/users/all?search=ali&page=1&pageSize=25',
    ]);
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when no user matches the search', async () => {
    const { user } = await openAdmin();
    stubFetch(
      fakeServer({
        'GET /users/all': () => ({ status: 200, body: list([]) }),
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');
    expect(await screen.findByText("No users match 'zed'")).toBeVisible();
  });

  it('shows a failed list with a retry', async () => {
    let attempts = 0;
    const { user } = renderAdmin({
      'GET /users/all': () =>
        ++attempts === 1
          ? { status: 500 }
          : { status: 200, body: list([adminUser({ id: 'u-z', username: 'zoe' })]) },
    });
    expect(await screen.findByText('Failed to load users')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'zoe' })).toBeVisible();
  });
});

describe('audit log', () => {
  it('lists time, actor, action in words, target and details', async () => {
    const { fetch } = await openAdmin();
    const log = await screen.findByRole('table', { name: 'Audit log' });
    expect(calls(fetch)).toContain('GET /api/admin/audit-log?limit=50');
    const [added, removed] = within(log).getAllByRole('row').slice(1);
    expect(added).toHaveTextContent('1 Mar 2026, 10:15 UTC');
    expect(within(added!).getByRole('rowheader')).toHaveTextContent('added Monthly plan');
    expect(added).toHaveTextContent('root');
    expect(added).toHaveTextContent('bob');
    expect(added).toHaveTextContent('plan: monthly');
    expect(within(removed!).getByRole('rowheader')).toHaveTextContent('removed admin');
    expect(removed).toHaveTextContent('System');
    expect(removed).toHaveTextContent('carl');
    expect(removed).toHaveTextContent('yes → no');
  });

  it('says when nothing was recorded', async () => {
    await openAdmin({ 'GET /admin/audit-log': () => ({ status: 200, body: { entries: [] } }) });
    expect(await screen.findByText('No changes recorded yet')).toBeVisible();
  });
});

describe('/admin route', () => {
  it('opens the panel for an admin', async () => {
    signIn('root');
    stubFetch(fakeServer());
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
    expect(await screen.findByRole('rowheader', { name: /^bob/ })).toBeVisible();
  });
});
