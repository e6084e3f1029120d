import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

async function openContact() {
  const fetch = stubFetch(() => ({ status: 500 }));
  const app = renderApp('/');
  await app.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact Us' });
  return { ...app, dialog, fetch };
}

describe('Contact Us', () => {
  it('validates every field', async () => {
    const { user, dialog, fetch } = await openContact();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please enter your name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your email')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a message')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logs the message, thanks the sender and makes no network call', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user, dialog, fetch } = await openContact();
    const d = within(dialog);
    await user.type(d.getByLabelText('Name'), 'Ada');
    await user.type(d.getByLabelText('Email'), 'ada@example.com');
    await user.type(d.getByLabelText('Message'), 'Hello there');
    await user.click(d.getByRole('button', { name: 'Send' }));

    expect(d.getByText('Thank you! Your message has been sent.')).toBeVisible();
    expect(log).toHaveBeenCalledWith('Contact form', {
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello there',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('Close closes it', async () => {
    const { user, dialog } = await openContact();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Contact Us' })).not.toBeInTheDocument();
  });
});
