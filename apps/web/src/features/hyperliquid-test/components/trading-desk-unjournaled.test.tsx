import { cleanup, screen } from '@testing-library/react';
import type { ConnectedExchange } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { fakeServer, paperConnection } from '../test-fixtures';
import { TradingDesk } from './trading-desk';

/** An older connection: the server's unjournaled list is the newest (active) one's. */
const older: ConnectedExchange = {
  id: 'c0',
  name: 'Hyperliquid main',
  network: 'mainnet',
  connectedAt: '2025-12-01T00:00:00.000Z',
};
const OTHER_CONNECTION = 'Unjournaled trades are listed for your active connection.';

function openDesk(connectionId: string | null, connection: ConnectedExchange) {
  signIn();
  const fetch = stubFetch(
    fakeServer({
      'GET /users/me': { status: 200, body: publicUser() },
      'GET /users/exchanges': {
        status: 200,
        body: { success: true, exchanges: [older, paperConnection] },
      },
      'GET /exchange/unjournaled': { status: 200, body: { trips: [] } },
    }),
  );
  renderWithProviders(<TradingDesk connectionId={connectionId} connection={connection} />);
  return fetch;
}

describe('unjournaled trades on the trading desk', () => {
  it('are listed when the desk shows the active connection', async () => {
    for (const id of [null, paperConnection.id]) {
      const fetch = openDesk(id, paperConnection);
      expect(
        await screen.findByText('No unjournaled trades: every fill is in your journal.'),
      ).toBeVisible();
      expect(screen.getByRole('region', { name: 'Unjournaled trades' })).toBeVisible();
      expect(screen.queryByText(OTHER_CONNECTION)).not.toBeInTheDocument();
      expect(calls(fetch)).toContain('GET /api/exchange/unjournaled');
      cleanup();
    }
  });

  it('say in one line that they belong to the active connection when another is shown', async () => {
    const fetch = openDesk(older.id, older);
    expect(await screen.findByText(OTHER_CONNECTION)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Unjournaled trades' })).not.toBeInTheDocument();
    expect(calls(fetch)).not.toContain('GET /api/exchange/unjournaled');
  });
});
