import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { useLiveTradingEnabled } from '../exchange-state';
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
