import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

describe('Analytics', () => {
  it("says 'Coming Soon' and what it plans: win rate, risk metrics, charts, patterns", async () => {
    signIn('ada');
    stubFetch(() => ({ status: 200, body: publicUser({ username: 'ada' }) }));
    renderApp('/analytics');
    const block = (await screen.findByRole('heading', { name: 'Coming Soon' })).closest('section');
    expect(block).not.toBeNull();
    const plans = within(block!)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(plans).toEqual(['Win rate', 'Risk metrics', 'Charts', 'Pattern recognition']);
  });
});
