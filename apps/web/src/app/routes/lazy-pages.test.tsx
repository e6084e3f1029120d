import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components';
import { EARLY_GETS } from '@/lib/early-requests';
import type * as sessionModule from '@/lib/session';
import { readSession } from '@/lib/session';
import { stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import { BingoPage, preloadedPage, preloadPage } from './lazy-pages';

// The session check preloadPage makes, watched (it still reads the stored session).
vi.mock('@/lib/session', async (importOriginal) => {
  const session = await importOriginal<typeof sessionModule>();
  return { ...session, readSession: vi.fn(session.readSession) };
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Dashboard = () => <h1>Dashboard</h1>;

describe('preloadedPage', () => {
  it('shows the loading frame until the code is in, then the page', async () => {
    const code = deferred<typeof Dashboard>();
    const Page = preloadedPage(() => code.promise);
    render(<Page />);
    expect(screen.getByText('Loading page...')).toBeInTheDocument();
    code.resolve(Dashboard);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page...')).not.toBeInTheDocument();
  });

  it('renders the page in its first frame when its code was preloaded', async () => {
    const Page = preloadedPage(() => Promise.resolve(Dashboard));
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('hands a failed load to the error boundary, and loads again on the next visit', async () => {
    let attempts = 0;
    const Page = preloadedPage(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('chunk failed'))
        : Promise.resolve(Dashboard);
    });
    const first = render(
      <ErrorBoundary fallback={(error) => <p>{String(error)}</p>}>
        <Page />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Error: chunk failed')).toBeInTheDocument();
    first.unmount();
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

describe('preloadPage', () => {
  it('loads /bingo and, while a session is stored, asks for the dashboard’s first data', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    preloadPage('/bingo', createTestQueryClient());
    await BingoPage.preload();
    // The early GETs of /bingo but the session check's /users/me.
    await expect.poll(() => fetch.mock.calls.length).toBe(EARLY_GETS['/bingo']!.length - 1);
  });

  it('asks for nothing once the session is gone (the session check found it refused)', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: {} }));
    const client = createTestQueryClient();
    const prefetch = vi.spyOn(client, 'prefetchQuery');
    vi.mocked(readSession).mockClear();
    preloadPage('/bingo', client);
    await BingoPage.preload();
    // Once the page's code is in, the session is looked at (and found gone) ...
    await vi.waitFor(() => expect(readSession).toHaveBeenCalled(), { timeout: 30_000 });
    // ... and the dashboard's data is not asked for.
    expect(prefetch).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
