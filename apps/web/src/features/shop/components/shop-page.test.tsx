import { PREMIUM_FEATURES } from '@tb/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('Shop', () => {
  it("says 'Coming Soon' and what the shop plans: exclusive items and a bingo case", async () => {
    renderApp('/shop');
    const block = (await screen.findByRole('heading', { name: 'Coming Soon' })).closest('section');
    expect(block).not.toBeNull();
    const plans = within(block!)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(plans).toEqual(['Exclusive items', 'A bingo case']);
  });

  it('sells premium with what each feature is, and leads to the plans', async () => {
    renderApp('/shop');
    const block = (await screen.findByRole('heading', { name: 'Premium, on sale now' })).closest(
      'section',
    )!;
    const features = within(block).getAllByRole('listitem');
    expect(features).toHaveLength(PREMIUM_FEATURES.length);
    PREMIUM_FEATURES.forEach((feature, i) => {
      expect(features[i]).toHaveTextContent(feature.label);
      expect(features[i]).toHaveTextContent(feature.description);
      expect(features[i]!.textContent?.includes('Coming soon')).toBe(false);
    });
    expect(within(block).getByRole('link', { name: 'See plans and prices' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });
});
