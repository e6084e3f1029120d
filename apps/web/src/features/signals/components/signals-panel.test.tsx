import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { SignalsPanel } from './signals-panel';

const VALID_URL = 'https://discord.com/api/webhooks/123456/abcDEF_-token';
const saved = {
  hasWebhook: true,
  maskedWebhookUrl: 'https://discord.com/api/webhooks/123456/****',
  active: false,
  types: { positions: true, orders: true, cancels: false },
};
const none = {
  hasWebhook: false,
  maskedWebhookUrl: null,
  active: false,
  types: { positions: true, orders: true, cancels: true },
};

type Routes = Record<string, MockReply | ((req: MockRequest) => MockReply)>;

function openPanel(settings: unknown, routes: Routes = {}) {
  const requests: MockRequest[] = [];
  const all: Routes = { 'GET /signals/settings': { status: 200, body: settings }, ...routes };
  const fetch = stubFetch((req) => {
    requests.push(req);
    const route = all[`${req.method} ${req.path}`];
    if (!route) return { status: 404, body: errorBody('NOT_FOUND', 'not found') };
    return typeof route === 'function' ? route(req) : route;
  });
  const view = renderWithProviders(<SignalsPanel />);
  const bodyOf = (method: string) => requests.find((r) => r.method === method)?.body;
  return { ...view, fetch, bodyOf };
}

const urlField = () => screen.getByRole('textbox', { name: 'Discord webhook URL' });
const testButton = () => screen.getByRole('button', { name: 'Send test signals' });

describe('signals panel', () => {
  it('validates the webhook URL as it is typed', async () => {
    const { user } = openPanel(none);
    await user.type(
      await screen.findByRole('textbox', { name: 'Discord webhook URL' }),
      'https://example.com/hook',
    );
    expect(screen.getByText('Invalid Discord webhook URL format')).toBeVisible();
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(testButton()).toBeDisabled();
    await user.clear(urlField());
    await user.type(urlField(), VALID_URL);
    expect(screen.queryByText('Invalid Discord webhook URL format')).not.toBeInTheDocument();
  });

  it('disables the test without a URL, saved or typed', async () => {
    const { user } = openPanel(none);
    expect(await screen.findByText('No webhook saved yet.')).toBeVisible();
    expect(testButton()).toBeDisabled();
    await user.type(urlField(), VALID_URL);
    expect(testButton()).toBeEnabled();
  });

  it('shows the saved masked URL; saving an empty field keeps it', async () => {
    const { user, bodyOf } = openPanel(saved, {
      'PUT /signals/settings': {
        status: 200,
        body: {
          settings: saved,
          message: 'Discord webhook configuration saved (signals inactive)',
        },
      },
    });
    expect(
      await screen.findByText(/Saved: https:\/\/discord\.com\/api\/webhooks\/123456\/\*\*\*\*/),
    ).toBeVisible();
    expect(testButton()).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Signals active' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cancelled orders' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Discord webhook configuration saved (signals inactive)'),
    ).toBeVisible();
    expect(bodyOf('PUT')).toEqual({
      active: false,
      types: { positions: true, orders: true, cancels: false },
    });
  });

  it('saves a new URL (a first webhook turns signals on) and never stores it in the browser', async () => {
    const active = { ...saved, active: true, types: none.types };
    const { user, bodyOf } = openPanel(none, {
      'PUT /signals/settings': {
        status: 200,
        body: { settings: active, message: 'Discord signals activated and configuration saved' },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Discord webhook URL' }), VALID_URL);
    expect(urlField()).toHaveAttribute('autocomplete', 'off');
    // Not active until the webhook is saved.
    expect(screen.getByRole('checkbox', { name: 'Signals active' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Orders placed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Discord signals activated and configuration saved'),
    ).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Signals active' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Signals active' })).toBeEnabled();
    expect(bodyOf('PUT')).toEqual({
      webhookUrl: VALID_URL,
      active: true,
      types: { positions: true, orders: false, cancels: true },
    });
    expect(urlField()).toHaveValue('');
    expect(
      screen.getByText(/Saved: https:\/\/discord\.com\/api\/webhooks\/123456\/\*\*\*\*/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(JSON.stringify({ ...localStorage })).not.toContain('discord');
  });

  it('shows signals inactive, not ticked, before any webhook is saved', async () => {
    openPanel(none);
    const box = await screen.findByRole('checkbox', { name: 'Signals active' });
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Signals turn on when you save a webhook.');
  });

  it('refuses to save without any webhook URL', async () => {
    const { user, fetch } = openPanel(none);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('Webhook URL is required')).toBeVisible();
    expect(calls(fetch)).not.toContain('PUT /api/signals/settings');
  });

  it('sends test signals and shows the notes', async () => {
    const { user } = openPanel(saved, {
      'POST /signals/test': {
        status: 200,
        body: {
          message: 'Test signals sent successfully!',
          notes: [
            'No open positions to send. Sending empty positions table.',
            'No open orders to send. Sending empty orders table.',
          ],
        },
      },
    });
    await screen.findByText(/Saved:/);
    await user.click(testButton());
    expect(await screen.findAllByText('Test signals sent successfully!')).not.toHaveLength(0);
    expect(
      screen.getAllByText('No open positions to send. Sending empty positions table.'),
    ).not.toHaveLength(0);
    const result = screen.getByRole('heading', { name: 'Last test' }).parentElement;
    expect(result).toHaveTextContent('No open orders to send. Sending empty orders table.');
  });

  it('with a typed URL, saves it before the test', async () => {
    const { user, fetch } = openPanel(none, {
      'PUT /signals/settings': {
        status: 200,
        body: { settings: saved, message: 'Discord signals activated and configuration saved' },
      },
      'POST /signals/test': {
        status: 200,
        body: { message: 'Test signals sent successfully!', notes: [] },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Discord webhook URL' }), VALID_URL);
    await user.click(testButton());
    expect(await screen.findAllByText('Test signals sent successfully!')).not.toHaveLength(0);
    expect(calls(fetch).filter((c) => !c.startsWith('GET'))).toEqual([
      'PUT /api/signals/settings',
      'POST /api/signals/test',
    ]);
  });

  it("says why a test failed: 'Failed to send test signals: {reason}'", async () => {
    const { user } = openPanel(saved, {
      'POST /signals/test': {
        status: 429,
        body: errorBody('RATE_LIMITED', 'Signals are limited to one every 5 seconds'),
      },
    });
    await screen.findByText(/Saved:/);
    await user.click(testButton());
    expect(
      await screen.findByText(
        'Failed to send test signals: Signals are limited to one every 5 seconds',
      ),
    ).toBeVisible();
  });

  it('keeps a server message that already says it', async () => {
    const { user } = openPanel(saved, {
      'POST /signals/test': {
        status: 502,
        body: errorBody('EXCHANGE_ERROR', 'Failed to send test signals: Discord answered 404'),
      },
    });
    await screen.findByText(/Saved:/);
    await user.click(testButton());
    expect(
      await screen.findByText('Failed to send test signals: Discord answered 404'),
    ).toBeVisible();
  });

  it('signal notifications stay 5 s (the query client notifies, from the mutation meta)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = openPanel(saved, {
      'PUT /signals/settings': {
        status: 200,
        body: {
          settings: saved,
          message: 'Discord webhook configuration saved (signals inactive)',
        },
      },
    });
    await screen.findByText(/Saved:/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(
      await toasts.findByText('Discord webhook configuration saved (signals inactive)'),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4_500));
    expect(
      toasts.getByText('Discord webhook configuration saved (signals inactive)'),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(
      toasts.queryByText('Discord webhook configuration saved (signals inactive)'),
    ).not.toBeInTheDocument();
  });

  it('a failed save before a test says so once, and sends no test', async () => {
    const { user, fetch } = openPanel(none, {
      'PUT /signals/settings': {
        status: 400,
        body: errorBody('VALIDATION_ERROR', 'Invalid Discord webhook URL format'),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Discord webhook URL' }), VALID_URL);
    await user.click(testButton());
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await toasts.findAllByText('Invalid Discord webhook URL format')).toHaveLength(1);
    expect(toasts.queryByText(/Failed to send test signals/)).not.toBeInTheDocument();
    expect(calls(fetch)).not.toContain('POST /api/signals/test');
  });
});
