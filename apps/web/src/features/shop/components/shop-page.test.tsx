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
});
