import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

const WALLET = `0x${'c'.repeat(40)}`;
const paper = {
  id: 'c9',
  name: 'Hyperliquid',
  network: 'paper',
  connectedAt: '2026-03-01T00:00:00.000Z',
};

function openConnect(connect: () => MockReply) {
  signIn();
  const exchanges: unknown[] = [];
  const fetch = stubFetch(async ({ method, path, body }) => {
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/users/exchanges' && method === 'POST') {
      const reply = await connect();
      if (reply.status === 201) exchanges.push(paper);
      return reply;
    }
    if (path === '/users/exchanges') return { status: 200, body: { success: true, exchanges } };
    if (path === '/users/settings' && method === 'PUT') return { status: 200, body };
    return { status: 404 };
  });
  return { ...renderApp('/exchange-connect'), fetch };
}

const steps = () => within(screen.getByRole('navigation', { name: 'Connection steps' }));
const currentStep = () =>
  steps()
    .getAllByRole('listitem')
    .find((li) => li.hasAttribute('aria-current'));

describe('exchange connect', () => {
  it('intro → API keys (validated) → error → back → paper → success → live trading → /bingo', async () => {
    let reply: MockReply = {
      status: 502,
      body: errorBody(
        'EXCHANGE_ERROR',
        'Failed to connect to exchange: User or API Wallet does not exist.',
      ),
    };
    const { user, fetch } = openConnect(() => reply);
    expect(await screen.findByRole('heading', { name: 'Connect your exchange' })).toBeVisible();
    expect(currentStep()).toHaveTextContent('Introduction');
    await user.click(screen.getByRole('button', { name: 'Get started' }));

    expect(screen.getByRole('heading', { name: 'Your API keys' })).toHaveFocus();
    expect(currentStep()).toHaveTextContent('API keys');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription('API key is required');
    expect(screen.getByLabelText('Private key')).toHaveAccessibleDescription(
      'Private key is required',
    );
    expect(screen.getByLabelText('Wallet address')).toHaveAccessibleDescription(
      'Wallet address is required',
    );
    const confirm = screen.getByRole('checkbox', {
      name: 'I confirm that my API keys have trading permissions',
    });
    expect(confirm).toHaveAccessibleDescription(
      'Please confirm that your API keys have trading permissions',
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('API key'), '0xkey');
    await user.type(screen.getByLabelText('Private key'), '0xsecret');
    await user.type(screen.getByLabelText('Wallet address'), WALLET);
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Failed to connect to exchange')).toBeVisible();
    // The same body as the Hyperliquid dialog and the profile's key manager send.
    const keysPost = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(keysPost[1]?.body))).toEqual({
      exchangeId: 'hyperliquid',
      network: 'mainnet',
      walletAddress: WALLET,
      apiKey: '0xkey',
      apiSecret: '0xsecret',
    });
    expect(screen.getByText('User or API Wallet does not exist.')).toBeVisible();
    expect(currentStep()).toHaveTextContent('Connection');
    await user.click(screen.getByRole('button', { name: 'Back to API keys' }));
    expect(screen.getByLabelText('API key')).toHaveValue('0xkey');

    reply = { status: 201, body: { success: true, exchangeName: 'Hyperliquid', exchange: paper } };
    await user.click(screen.getByRole('button', { name: 'Try with a paper account' }));
    expect(await screen.findByText('Connected to Hyperliquid · Paper.')).toBeVisible();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posts.at(-1)![1]?.body))).toEqual({
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(currentStep()).toHaveTextContent('Live trading');
    await user.click(screen.getByRole('button', { name: 'Enable live trading' }));
    expect(localStorage.getItem('liveTradingEnabled')).toBe('true');
    // Kept for the user on the server, so every browser has it.
    expect(calls(fetch)).toContain('PUT /api/users/settings');
    expect(localStorage.getItem('currentExchange')).toBe('c9');
    // The dashboard takes ?liveTrading=true and clears it from the address.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
  }, 15_000);

  it('stays on the keys when the plan allows no more connections', async () => {
    const { user } = openConnect(() => ({
      status: 403,
      body: errorBody('PREMIUM_REQUIRED', 'Your plan allows 1 exchange connection'),
    }));
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    await user.click(screen.getByRole('button', { name: 'Try with a paper account' }));
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toHaveTextContent(
      'Your plan allows 1 exchange connection',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss dialog' }));
    expect(screen.getByRole('heading', { name: 'Your API keys' })).toBeVisible();
  }, 15_000);
});
