import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('shows the ?error= message in a banner that can be dismissed', async () => {
    const { user } = renderApp('/?error=Something%20went%20wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
