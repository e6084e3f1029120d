import { PREMIUM_FEATURES } from '@tb/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PremiumLock } from './premium-lock';

function Harness({ message }: { message?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <MemoryRouter initialEntries={['/bingo']}>
      <Routes>
        <Route
          path="/bingo"
          element={
            <>
              <p>Dashboard</p>
              <PremiumLock open={open} onOpenChange={setOpen} message={message} />
            </>
          }
        />
        <Route path="/payment" element={<h1>Payment page</h1>} />
      </Routes>
    </MemoryRouter>
  );
}

describe('PremiumLock', () => {
  it('shows the title, the default message and every premium feature', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Premium Feature' });
    expect(dialog).toHaveAccessibleDescription('This feature is only available to premium users');
    const features = within(dialog).getAllByRole('listitem');
    expect(features.map((li) => li.querySelector('.premium-features__name')?.textContent)).toEqual(
      PREMIUM_FEATURES.map((f) => f.label),
    );
    // Each feature says what it is; none is sold as "Coming soon" (issue 31).
    features.forEach((li, i) => {
      expect(li).toHaveTextContent(PREMIUM_FEATURES[i]!.description);
    });
    expect(dialog).not.toHaveTextContent(/coming soon/i);
  });

  it('shows a custom message instead of the default one', () => {
    render(
      <Harness message="Upgrade to Premium to access multiple Bingo pages and custom page names" />,
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'Upgrade to Premium to access multiple Bingo pages and custom page names',
    );
  });

  it('closes and goes to /payment on "Upgrade to Premium"', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape and stays on the page', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });
});
