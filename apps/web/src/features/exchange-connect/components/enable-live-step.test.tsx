import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { EnableLiveStep } from './enable-live-step';

describe('enable live trading step', () => {
  it("says 'Failed to enable live trading' when the browser keeps nothing", async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { user } = renderWithProviders(<EnableLiveStep connectionId="c1" />);
    await user.click(screen.getByRole('button', { name: 'Enable live trading' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to enable live trading');
  });
});
