import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LazyPremiumLock } from './lazy-premium-lock';

describe('LazyPremiumLock', () => {
  it('renders nothing while closed, and the premium lock once open', async () => {
    const { rerender } = render(
      <MemoryRouter>
        <LazyPremiumLock open={false} onOpenChange={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <LazyPremiumLock open onOpenChange={() => undefined} message="Templates are premium" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent('Templates are premium');
  });
});
