import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { closePremiumLock } from '@/features/journal';
import { errorBody, stubFetch, type MockRequest, type MockReply } from '@/test/fetch-mock';
import { signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { HyperliquidConnectionDialog } from './hyperliquid-connection-dialog';
import { PremiumLockHost } from './premium-lock-host';

const WALLET = `0x${'a'.repeat(40)}`;
const exchange = {
  id: 'c1',
  name: 'Hyperliquid',
  network: 'paper',
  connectedAt: '2026-03-01T00:00:00.000Z',
};

function open(reply: (req: MockRequest) => MockReply = () => ({ status: 201, body: {} })) {
  signIn();
  const fetch = stubFetch(reply);
  const onOpenChange = vi.fn();
  const onConnected = vi.fn();
  const view = renderWithProviders(
    <>
      <HyperliquidConnectionDialog open onOpenChange={onOpenChange} onConnected={onConnected} />
      <PremiumLockHost />
    </>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Hyperliquid Connection' }));
  return { ...view, fetch, dialog, onOpenChange, onConnected };
}

const submit = () => screen.getByRole('button', { name: 'Save connection' });

describe('Hyperliquid Connection dialog', () => {
  it('checks each input as it is typed, with SPEC messages, and posts only when all are valid', async () => {
    const { user, dialog, fetch } = open();
    const wallet = dialog.getByLabelText('Wallet address');
    const apiKey = dialog.getByLabelText('API key');
    const privateKey = dialog.getByLabelText('Private key');
    expect(privateKey).toHaveAttribute('type', 'password');
    expect(dialog.queryByText(/is required/)).not.toBeInTheDocument();
    // Submitting the empty form names every missing field and sends nothing.
    await user.click(submit());
    expect(wallet).toHaveAccessibleDescription('Wallet address is required');
    expect(apiKey).toHaveAccessibleDescription('API key is required');
    expect(privateKey).toHaveAccessibleDescription('Private key is required');

    await user.type(wallet, '1');
    expect(wallet).toHaveAccessibleDescription('Wallet address must start with 0x');
    await user.clear(wallet);
    expect(wallet).toHaveAccessibleDescription('Wallet address is required');
    await user.type(wallet, '0x1234');
    expect(wallet).toHaveAccessibleDescription('Wallet address must be 42 characters long');
    await user.clear(wallet);
    await user.type(wallet, WALLET);
    expect(wallet).not.toHaveAttribute('aria-invalid');

    await user.type(apiKey, 'k');
    expect(apiKey).toHaveAccessibleDescription('API key must start with 0x');
    await user.clear(apiKey);
    expect(apiKey).toHaveAccessibleDescription('API key is required');
    await user.type(apiKey, '0xabc');

    await user.type(privateKey, 's');
    expect(privateKey).toHaveAccessibleDescription('Private key must start with 0x');
    await user.clear(privateKey);
    await user.click(submit());
    expect(fetch).not.toHaveBeenCalled();
    await user.type(privateKey, '0xdef');
    expect(privateKey).not.toHaveAttribute('aria-invalid');
    await user.click(submit());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  }, 15_000);

  it('saves the keys with the network, and the new connection becomes the current one', async () => {
    const { user, dialog, fetch, onConnected, onOpenChange } = open(() => ({
      status: 201,
      body: {
        success: true,
        exchangeName: 'Hyperliquid',
        exchange: { ...exchange, network: 'testnet' },
      },
    }));
    await user.click(dialog.getByRole('radio', { name: /Testnet/ }));
    await user.type(dialog.getByLabelText('Wallet address'), WALLET);
    await user.type(dialog.getByLabelText('API key'), '0xabc');
    await user.type(dialog.getByLabelText('Private key'), '0xdef');
    await user.click(submit());
    await waitFor(() => expect(onConnected).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(`${init?.method} ${String(url)}`).toBe('POST /api/users/exchanges');
    expect(JSON.parse(String(init?.body))).toEqual({
      exchangeId: 'hyperliquid',
      network: 'testnet',
      walletAddress: WALLET,
      apiKey: '0xabc',
      apiSecret: '0xdef',
    });
    expect(localStorage.getItem('currentExchange')).toBe('c1');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText('Connected to Hyperliquid · Testnet')).toBeVisible();
  });

  it('"Try with a paper account" posts network paper and no keys', async () => {
    const { user, dialog, fetch, onConnected } = open(() => ({
      status: 201,
      body: { success: true, exchangeName: 'Hyperliquid', exchange },
    }));
    await user.click(dialog.getByRole('button', { name: 'Try with a paper account' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(exchange));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
  });

  it("shows the server's error, else 'Failed to save connection'", async () => {
    let reply: MockReply = {
      status: 502,
      body: errorBody(
        'EXCHANGE_ERROR',
        'Failed to connect to exchange: User or API Wallet does not exist.',
      ),
    };
    const { user, dialog, onOpenChange } = open(() => reply);
    const paper = dialog.getByRole('button', { name: 'Try with a paper account' });
    await user.click(paper);
    expect(
      await screen.findByText('Failed to connect to exchange: User or API Wallet does not exist.'),
    ).toBeVisible();
    reply = { status: 500 };
    await user.click(paper);
    expect(await screen.findByText('Failed to save connection')).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('over the plan limit (403 PREMIUM_REQUIRED) opens the premium lock', async () => {
    const { user, dialog } = open(() => ({
      status: 403,
      body: errorBody('PREMIUM_REQUIRED', 'Your plan allows 1 exchange key'),
    }));
    await user.click(dialog.getByRole('button', { name: 'Try with a paper account' }));
    const lock = await screen.findByRole('dialog', { name: 'Premium Feature' });
    expect(lock).toHaveTextContent('Your plan allows 1 exchange key');
    closePremiumLock();
  });
});
