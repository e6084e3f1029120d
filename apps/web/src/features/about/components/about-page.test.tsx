import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('About', () => {
  it('explains the workflow in order, analytics marked premium', async () => {
    renderApp('/about');
    const steps = await screen.findAllByRole('heading', { level: 2 });
    expect(steps.map((h) => h.textContent)).toEqual([
      'Trade idea',
      'Bingo',
      'Trade details',
      'Risk management',
      'AnalyticsPremium',
    ]);
    expect(within(steps[4]!).getByText('Premium')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Trading Now' })).toHaveAttribute(
      'href',
      '/bingo',
    );
    expect(screen.getByRole('link', { name: 'See premium plans' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });
});
