import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { useLiveTradingEnabled } from '../exchange-state';
import { useExchangeConnection } from './use-exchange-connection';
import { useLiveTradingSync } from './use-live-trading';

function Probe() {
  useLiveTradingSync();
  return <p>{useLiveTradingEnabled() ? 'live on' : 'live off'}</p>;
}

describe('the live-trading switch follows the server', () => {
  it.each([
    ['on in this browser, off for the user', 'true', false, 'live off'],
    ['off in this browser, on for the user', null, true, 'live on'],
  ])('%s: the server wins', async (_name, local, server, shown) => {
    signIn();
    if (local) localStorage.setItem('liveTradingEnabled', local);
    stubFetch(({ path }) =>
      path === '/users/settings'
        ? { status: 200, body: { liveTradingEnabled: server } }
        : { status: 404 },
    );
    renderWithProviders(<Probe />);
    expect(await screen.findByText(shown)).toBeVisible();
    await waitFor(() =>
      expect(localStorage.getItem('liveTradingEnabled')).toBe(server ? 'true' : null),
    );
  });

  it('signed out, the server is not asked', () => {
    const fetch = stubFetch(() => ({ status: 404 }));
    renderWithProviders(<Probe />);
    expect(screen.getByText('live off')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});

function LiveProbe() {
  const { live, current } = useExchangeConnection();
  return (
    <p>
      {live ? 'orders go live' : 'no live orders'}
      {current ? ` through ${current.id}` : ''}
    </p>
  );
}

describe('live orders need the server’s word', () => {
  it('a browser copy left on (by the last user) is not live until the server says so', async () => {
    signIn();
    localStorage.setItem('liveTradingEnabled', 'true');
    let answer: ((reply: { status: number; body: unknown }) => void) | undefined;
    stubFetch(({ path }) => {
      if (path === '/users/settings') return new Promise((resolve) => (answer = resolve));
      if (path === '/users/exchanges') {
        const exchanges = [{ id: 'c1', name: 'Hyperliquid', network: 'paper', connectedAt: '' }];
        return { status: 200, body: { success: true, exchanges } };
      }
      return { status: 404 };
    });
    renderWithProviders(<LiveProbe />);
    // Connected (the render that shows it decides `live` too), the server not answered yet.
    expect(await screen.findByText('no live orders through c1')).toBeVisible();
    expect(answer).toBeDefined();
    answer!({ status: 200, body: { liveTradingEnabled: false } });
    await waitFor(() => expect(localStorage.getItem('liveTradingEnabled')).toBeNull());
    expect(screen.getByText('no live orders through c1')).toBeVisible();
  });
});
