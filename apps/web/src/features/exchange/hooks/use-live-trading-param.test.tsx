import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

beforeEach(() => resetLocalJournal());

/** A server that keeps the user's live-trading switch; the PUT bodies it received. */
function settingsServer() {
  const puts: unknown[] = [];
  stubFetch(({ method, path, body }) => {
    if (path === '/users/settings' && method === 'PUT') {
      puts.push(body);
      return { status: 200, body };
    }
    return { status: 404 };
  });
  return puts;
}

describe('/bingo?liveTrading=', () => {
  it('true switches live trading on for the user and is cleared from the address', async () => {
    const puts = settingsServer();
    renderApp('/bingo?liveTrading=true');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
    expect(localStorage.getItem('liveTradingEnabled')).toBe('true');
    expect(puts).toEqual([{ liveTradingEnabled: true }]);
  });

  it('false switches it off; other parameters stay', async () => {
    localStorage.setItem('liveTradingEnabled', 'true');
    const puts = settingsServer();
    renderApp('/bingo?liveTrading=false&tab=x');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo\?tab=x$/),
    );
    expect(localStorage.getItem('liveTradingEnabled')).toBeNull();
    expect(puts).toEqual([{ liveTradingEnabled: false }]);
  });
});
