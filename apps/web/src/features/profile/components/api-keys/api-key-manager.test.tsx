import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch, type MockRequest, type MockReply } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { subscriptionResponse } from '../test-fixtures';

const WALLET = `0x${'b'.repeat(40)}`;
const savedKey = {
  id: 'k1',
  exchangeId: 'hyperliquid',
  network: 'testnet',
  maskedWalletAddress: '0xbbbb...bbbb',
  maskedApiKey: '0x1234...abcd',
  maskedApiSecret: '****cdef',
  hasWalletAddress: true,
  isActive: true,
  lastUsed: null,
};

/** /profile with a signed-in user; `keys` answers every /api-keys call. */
function openProfile(keys: (req: MockRequest) => MockReply) {
  signIn('ada');
  const fetch = stubFetch((req) => {
    if (req.path === '/users/me') return { status: 200, body: publicUser({ username: 'ada' }) };
    if (req.path.startsWith('/api-keys')) return keys(req);
    if (req.path === '/subscription') return { status: 200, body: subscriptionResponse() };
    if (req.path === '/users/me/sessions') return { status: 200, body: { data: [] } };
    return { status: 200, body: { success: true, exchanges: [] } };
  });
  return { ...renderApp('/profile'), fetch };
}

const card = async () =>
  within((await screen.findByRole('heading', { name: 'Exchange API keys' })).closest('section')!);
const list = (data: unknown[]) => ({ status: 200, body: { success: true, data } });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('API key manager', () => {
  it('lists the masked keys: wallet, API key, Private Key, network, active, last used', async () => {
    openProfile(() => list([savedKey]));
    const keys = await card();
    expect(await keys.findByText('0x1234...abcd')).toBeVisible();
    expect(keys.getByText('0xbbbb...bbbb')).toBeVisible();
    expect(keys.getByText('Private Key')).toBeVisible();
    expect(keys.getByText('****cdef')).toBeVisible();
    expect(keys.getByText('Testnet')).toBeVisible();
    expect(keys.getByText('Active')).toBeVisible();
    expect(keys.getByText('Never')).toBeVisible();
  });

  it('adds a key: SPEC messages, then POST and the success message', async () => {
    let saved: unknown[] = [];
    const { user, fetch } = openProfile(({ method, body }) => {
      if (method === 'POST') {
        expect(body).toEqual({
          exchangeId: 'hyperliquid',
          network: 'mainnet',
          isActive: true,
          walletAddress: WALLET,
          apiKey: '0xkey',
          apiSecret: '0xsecret',
        });
        saved = [{ ...savedKey, network: 'mainnet' }];
        return { status: 201, body: { success: true, data: saved[0], message: 'ok' } };
      }
      return list(saved);
    });
    const keys = await card();
    expect(await keys.findByText("You haven't added any API keys yet.")).toBeVisible();
    await user.click(keys.getByRole('button', { name: 'Add API key' }));
    const form = within(screen.getByRole('form', { name: 'Add API key' }));
    const save = form.getByRole('button', { name: 'Add API key' });

    // The shared credentials form: every missing field is named at once.
    await user.click(save);
    expect(form.getByLabelText('API key')).toHaveAccessibleDescription('API key is required');
    expect(form.getByLabelText('Private key')).toHaveAccessibleDescription(
      'Private key is required',
    );
    expect(form.getByLabelText('Wallet address')).toHaveAccessibleDescription(
      'Wallet address is required',
    );
    await user.type(form.getByLabelText('API key'), '0xkey');
    await user.type(form.getByLabelText('Private key'), '0xsecret');
    await user.click(save);
    expect(calls(fetch)).not.toContain('POST /api/api-keys');
    await user.type(form.getByLabelText('Wallet address'), WALLET);
    await user.click(save);

    expect(await toasts().findByText('API key added successfully')).toBeVisible();
    expect(await keys.findByText('0x1234...abcd')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Add API key' })).not.toBeInTheDocument();
  }, 15_000);

  it('edits a key: exchange locked, fields blank, PUT with the id', async () => {
    const { user } = openProfile(({ method, path, body }) => {
      if (method === 'PUT') {
        expect(path).toBe('/api-keys/k1');
        expect(body).toMatchObject({ id: 'k1', network: 'testnet', apiKey: '0xnew' });
        return { status: 200, body: { success: true, data: savedKey, message: 'ok' } };
      }
      return list([savedKey]);
    });
    const keys = await card();
    await user.click(await keys.findByRole('button', { name: 'Edit key 0x1234...abcd' }));
    const form = within(screen.getByRole('form', { name: 'Edit API key' }));
    expect(form.getByLabelText('Exchange')).toBeDisabled();
    expect(form.getByLabelText('Exchange')).toHaveValue('hyperliquid');
    expect(form.getByRole('radio', { name: /Testnet/ })).toBeChecked();
    for (const label of ['Wallet address', 'API key', 'Private key']) {
      expect(form.getByLabelText(label)).toHaveValue('');
    }
    await user.type(form.getByLabelText('Wallet address'), WALLET);
    await user.type(form.getByLabelText('API key'), '0xnew');
    await user.type(form.getByLabelText('Private key'), '0xsecret');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await toasts().findByText('API key updated successfully')).toBeVisible();
  });

  it("edits always send the key's own network: the network of a saved key is locked", async () => {
    let put: unknown;
    const { user } = openProfile(({ method, body }) => {
      if (method === 'PUT') {
        put = body;
        return { status: 200, body: { success: true, data: savedKey, message: 'ok' } };
      }
      return list([savedKey]);
    });
    const keys = await card();
    await user.click(await keys.findByRole('button', { name: 'Edit key 0x1234...abcd' }));
    const form = within(screen.getByRole('form', { name: 'Edit API key' }));
    const mainnet = form.getByRole('radio', { name: /Mainnet/ });
    expect(mainnet).toBeDisabled();
    await user.click(mainnet);
    expect(form.getByRole('radio', { name: /Testnet/ })).toBeChecked();
    await user.type(form.getByLabelText('Wallet address'), WALLET);
    await user.type(form.getByLabelText('API key'), '0xnew');
    await user.type(form.getByLabelText('Private key'), '0xsecret');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await toasts().findByText('API key updated successfully')).toBeVisible();
    expect(put).toMatchObject({ id: 'k1', network: 'testnet' });
  });

  it('editing a paper key only toggles Active: no keys, network paper sent', async () => {
    const paperKey = { ...savedKey, id: 'p1', network: 'paper', maskedApiKey: '0xpaper...0001' };
    let put: unknown;
    const { user } = openProfile(({ method, body }) => {
      if (method === 'PUT') {
        put = body;
        return { status: 200, body: { success: true, data: paperKey, message: 'ok' } };
      }
      return list([paperKey]);
    });
    const keys = await card();
    await user.click(await keys.findByRole('button', { name: 'Edit key 0xpaper...0001' }));
    const form = within(screen.getByRole('form', { name: 'Edit API key' }));
    await user.click(form.getByRole('radio', { name: /Mainnet/ }));
    expect(form.queryByLabelText('API key')).not.toBeInTheDocument();
    await user.click(form.getByRole('checkbox', { name: 'Active' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await toasts().findByText('API key updated successfully')).toBeVisible();
    expect(put).toEqual({ id: 'p1', exchangeId: 'hyperliquid', network: 'paper', isActive: false });
  });

  it('deletes only after the confirmation; the current connection is forgotten', async () => {
    localStorage.setItem('currentExchange', 'k1');
    let saved: unknown[] = [savedKey];
    const { user, fetch } = openProfile(({ method }) => {
      if (method === 'DELETE') {
        saved = [];
        return { status: 200, body: { success: true, message: 'API key deleted successfully' } };
      }
      return list(saved);
    });
    const keys = await card();
    await user.click(await keys.findByRole('button', { name: 'Delete key 0x1234...abcd' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to remove this connection? This action cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch)).not.toContain('DELETE /api/api-keys/k1');

    await user.click(keys.getByRole('button', { name: 'Delete key 0x1234...abcd' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await toasts().findByText('API key deleted successfully')).toBeVisible();
    expect(calls(fetch)).toContain('DELETE /api/api-keys/k1');
    expect(await keys.findByText("You haven't added any API keys yet.")).toBeVisible();
    expect(localStorage.getItem('currentExchange')).toBeNull();
  });

  it("failures: 'Failed to fetch API keys', and the server's message or 'Failed to delete API key'", async () => {
    let fail = true;
    const { user } = openProfile(({ method }) => {
      if (method === 'DELETE') return { status: 500 };
      if (fail) return { status: 500 };
      return list([savedKey]);
    });
    const keys = await card();
    expect(await keys.findByRole('alert')).toHaveTextContent('Failed to fetch API keys');
    expect(toasts().getByText('Failed to fetch API keys')).toBeVisible();
    fail = false;
    await user.click(keys.getByRole('button', { name: 'Try again' }));
    await user.click(await keys.findByRole('button', { name: 'Delete key 0x1234...abcd' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await toasts().findByText('Failed to delete API key')).toBeVisible();
  });

  it('over the plan limit, saving opens the premium lock', async () => {
    const { user } = openProfile(({ method }) =>
      method === 'POST'
        ? { status: 403, body: errorBody('PREMIUM_REQUIRED', 'Upgrade to add more exchange keys') }
        : list([]),
    );
    const keys = await card();
    await user.click(await keys.findByRole('button', { name: 'Add API key' }));
    const form = within(screen.getByRole('form', { name: 'Add API key' }));
    await user.click(form.getByRole('radio', { name: /Paper/ }));
    await user.click(form.getByRole('button', { name: 'Add API key' }));
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toHaveTextContent(
      'Upgrade to add more exchange keys',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss dialog' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Add API key' })).toBeVisible());
    expect(screen.queryByText('API key added successfully')).not.toBeInTheDocument();
  }, 15_000);
});
