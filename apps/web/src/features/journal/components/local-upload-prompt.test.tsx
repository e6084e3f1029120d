import { screen, waitFor, within } from '@testing-library/react';
import {
  defaultBingoState,
  defaultRiskState,
  defaultWidgetLayout,
  type BingoState,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { resetLocalJournal } from '../local-store';
import { uploadTexts } from './upload-local-dialog';

const T0 = Date.parse('2026-01-05T10:00:00Z');
const localTrade = {
  id: 'l1',
  pair: 'BTCUSDT',
  isLong: true,
  entryPrice: 110,
  stopLoss: 100,
  takeProfit: 130,
  riskRewardRatio: 2,
  notes: '',
  status: 'OPEN',
  date: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  profitLoss: null,
  score: 6,
};

const dayLimit =
  'You have reached your limit of 3 trades for today. Trading opens again tomorrow at 00:00 (UTC).';

/** The server with the local journal `trades`; `createTrade` answers POST /trades. */
function setUp(
  trades: unknown[] = [localTrade],
  createTrade: (body: unknown) => { status: number; body: unknown } = () => ({
    status: 201,
    body: { ...localTrade, id: 's1' },
  }),
) {
  localStorage.setItem('trades', JSON.stringify(trades));
  signIn();
  resetLocalJournal();
  const server = { ...defaultBingoState('srv', T0), version: 4 };
  return stubFetch(({ path, method, body }) => {
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/bingo/card' && method === 'GET')
      return { status: 200, body: { success: true, data: server } };
    if (path === '/bingo/card') {
      return {
        status: 200,
        body: { success: true, data: { ...(body as BingoState), version: 5 } },
      };
    }
    if (path === '/trades' && method === 'POST') return createTrade(body);
    if (path === '/trades') return { status: 200, body: [] };
    if (path === '/risk-management') return { status: 200, body: defaultRiskState(T0) };
    if (path === '/users/widget-layout')
      return { status: 200, body: { layout: defaultWidgetLayout() } };
    return { status: 404 };
  });
}

beforeEach(() => resetLocalJournal());

describe('upload of the anonymous journal after sign-in', () => {
  it('asks, then POSTs each trade and saves the boards; the local copy is forgotten', async () => {
    const fetch = setUp();
    const { user } = renderApp('/bingo');
    const dialog = await screen.findByRole('dialog', { name: uploadTexts.title });
    await user.click(within(dialog).getByRole('button', { name: uploadTexts.upload }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: uploadTexts.title })).toBeNull(),
    );
    expect(calls(fetch)).toContain('POST /api/trades');
    expect(calls(fetch)).toContain('POST /api/bingo/card');
    expect(localStorage.getItem('trades')).toBeNull();
  });

  it('keeps the trades the server refused in the browser, says why, and asks again next time', async () => {
    // Newest first, as the journal lists them; the upload sends the oldest first.
    const trades = [5, 4, 3, 2, 1].map((n) => ({
      ...localTrade,
      id: `l${n}`,
      date: `2026-01-05T0${n}:00:00.000Z`,
      createdAt: `2026-01-05T0${n}:00:00.000Z`,
    }));
    let created = 0;
    setUp(trades, (body) =>
      ++created <= 3
        ? { status: 201, body: { ...localTrade, ...(body as object), id: `s${created}` } }
        : {
            status: 403,
            body: {
              error: {
                ...errorBody('SESSION_ENDED', dayLimit).error,
                reason: 'DAILY_TRADES',
                reopensAt: '2026-01-06T00:00:00.000Z',
              },
            },
          },
    );
    const { user, unmount } = renderApp('/bingo');
    const dialog = await screen.findByRole('dialog', { name: uploadTexts.title });
    await user.click(within(dialog).getByRole('button', { name: uploadTexts.upload }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: uploadTexts.title })).toBeNull(),
    );
    expect(created).toBe(5);
    const kept = JSON.parse(localStorage.getItem('trades') ?? '[]') as { id: string }[];
    expect(kept.map((t) => t.id)).toEqual(['l5', 'l4']);
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(toasts.getByText(`2 trades stay in this browser: ${dayLimit}`)).toBeVisible();
    // The next sign-in offers the upload of what is left.
    unmount();
    renderApp('/bingo');
    expect(await screen.findByRole('dialog', { name: uploadTexts.title })).toBeVisible();
  });

  it('declining keeps the server state and does not ask again', async () => {
    const fetch = setUp();
    const { user, unmount } = renderApp('/bingo');
    const dialog = await screen.findByRole('dialog', { name: uploadTexts.title });
    await user.click(within(dialog).getByRole('button', { name: uploadTexts.decline }));
    expect(calls(fetch)).not.toContain('POST /api/trades');
    expect(calls(fetch)).not.toContain('POST /api/bingo/card');
    unmount();
    renderApp('/bingo');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    expect(screen.queryByRole('dialog', { name: uploadTexts.title })).toBeNull();
  });
});
