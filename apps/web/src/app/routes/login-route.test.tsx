import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('/login', () => {
  it('opens the Login dialog over Home; dismissing it leaves /login', async () => {
    const { user } = renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss dialog' }));
    expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('Escape dismisses it too', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('dialog', { name: 'Login' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
