import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { fakeServer, type Route } from '../test-fixtures';

function openPage(routes: Record<string, Route> = {}) {
  signIn();
  const fetch = stubFetch(
    fakeServer({ 'GET /users/me': { status: 200, body: publicUser() }, ...routes }),
  );
  return { ...renderApp('/hyperliquid-test'), fetch };
}

describe('/hyperliquid-test', () => {
  it('without a connection offers to connect an exchange', async () => {
    openPage({ 'GET /users/exchanges': { status: 200, body: { success: true, exchanges: [] } } });
    expect(await screen.findByRole('heading', { name: 'No exchange connected' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Connect an exchange' })).toHaveAttribute(
      'href',
      '/exchange-connect',
    );
    expect(screen.queryByRole('heading', { name: 'Place order' })).not.toBeInTheDocument();
  });

  it('with a connection shows the account, order entry and signals', async () => {
    openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hyperliquid Trading' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Place order' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Hyperliquid · Paper')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Discord signals' })).toBeVisible();
  });

  it('says so when the connections cannot be read', async () => {
    openPage({ 'GET /users/exchanges': { status: 500 } });
    expect(await screen.findByText('Failed to load exchange connections')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
