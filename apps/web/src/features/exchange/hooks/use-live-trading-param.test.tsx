import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

beforeEach(() => resetLocalJournal());

describe('/bingo?liveTrading=', () => {
  it('true switches live trading on and is cleared from the address', async () => {
    stubFetch(() => ({ status: 404 }));
    renderApp('/bingo?liveTrading=true');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
    expect(localStorage.getItem('liveTradingEnabled')).toBe('true');
  });

  it('false switches it off; other parameters stay', async () => {
    localStorage.setItem('liveTradingEnabled', 'true');
    stubFetch(() => ({ status: 404 }));
    renderApp('/bingo?liveTrading=false&tab=x');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo\?tab=x$/),
    );
    expect(localStorage.getItem('liveTradingEnabled')).toBeNull();
  });
});
