import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeErrorMessages, UNKNOWN_HOME_ERROR } from '@/lib/home-errors';
import { renderApp } from '@/test/render-app';

describe('Home', () => {
  it('shows the hero, four feature cards in main and the way to the dashboard', () => {
    renderApp('/');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Transform Your Trading Journey with Fun and Discipline',
      }),
    ).toBeVisible();
    const main = screen.getByRole('main');
    expect(main.querySelectorAll('article')).toHaveLength(4);
    expect(within(main).getByRole('link', { name: 'Start Trading Now' })).toHaveAttribute(
      'href',
      '/bingo',
    );
    expect(document.body).toHaveClass('route-home');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the message of the ?error= code in a banner that can be dismissed', async () => {
    const { user } = renderApp('/?error=login-required');
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to access this page');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each(Object.entries(homeErrorMessages))('maps the code %s to its fixed text', (code, text) => {
    renderApp(`/?error=${code}`);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['a message of its own', 'Your account is suspended. Call +1 555 0100 to restore it'],
    ['markup', '<img src=x onerror=alert(1)><b>Hacked</b>'],
    ['a known message as text', 'Please log in to access this page'],
    ['an inherited property name', 'constructor'],
  ])('never shows text written into the link (%s), only a generic message', (_name, written) => {
    renderApp(`/?${new URLSearchParams({ error: written }).toString()}`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(UNKNOWN_HOME_ERROR);
    expect(alert).not.toHaveTextContent(written);
    expect(alert.querySelector('img, b')).toBeNull();
  });

  it('shows no banner for an empty error parameter', () => {
    renderApp('/?error=');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
