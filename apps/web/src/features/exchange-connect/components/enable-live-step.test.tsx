import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { EnableLiveStep } from './enable-live-step';

describe('enable live trading step', () => {
  it("says 'Failed to enable live trading' when the server does not keep the switch", async () => {
    signIn();
    stubFetch(() => ({ status: 500 }));
    const { user } = renderWithProviders(<EnableLiveStep connectionId="c1" />);
    await user.click(screen.getByRole('button', { name: 'Enable live trading' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to enable live trading');
    // Undone in this browser too.
    expect(localStorage.getItem('liveTradingEnabled')).toBeNull();
  });
});
