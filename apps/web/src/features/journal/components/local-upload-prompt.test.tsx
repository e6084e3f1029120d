import { screen, waitFor, within } from '@testing-library/react';
import {
  defaultBingoState,
  defaultRiskState,
  defaultWidgetLayout,
  price,
  usd,
  type BingoState,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { tradeFixture } from '@/test/trade-fixture';
import { resetLocalJournal } from '../local-store';
import { uploadTexts } from './upload-local-dialog';

const T0 = Date.parse('2026-01-05T10:00:00Z');
/** A trade the anonymous journal saved: score 14 (tier 3) from two ticked cells, $500. */
const localTrade = tradeFixture({
  id: 'l1',
  entryPrice: price(110),
  stopLoss: price(100),
  takeProfit: price(130),
  riskRewardRatio: 2,
  date: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  score: 14,
  tier: 3,
  cells: [
    { index: 0, title: 'Waited for the candle close', points: 7 },
    { index: 6, title: 'Stop below structure', points: 7 },
  ],
  sizeUsd: usd(500),
});

const unavailable = 'The service is unavailable. Please try again in a moment.';

/** The server with the local journal `trades`; `importTrades` answers POST /trades/import. */
function setUp(
  trades: unknown[] = [localTrade],
  importTrades: (body: unknown) => { status: number; body: unknown } = () => ({
    status: 201,
    body: [{ ...localTrade, id: 's1' }],
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
    if (path === '/trades/import' && method === 'POST') return importTrades(body);
    if (path === '/trades') return { status: 200, body: [] };
    if (path === '/risk-management') return { status: 200, body: defaultRiskState(T0) };
    if (path === '/users/widget-layout')
      return { status: 200, body: { layout: defaultWidgetLayout() } };
    return { status: 404 };
  });
}

beforeEach(() => resetLocalJournal());

describe('upload of the anonymous journal after sign-in', () => {
  it('asks, then imports every trade with its snapshot in one call and saves the boards', async () => {
    const sent: unknown[] = [];
    const fetch = setUp([localTrade], (body) => {
      sent.push(body);
      return { status: 201, body: [{ ...localTrade, id: 's1', imported: true }] };
    });
    const { user } = renderApp('/bingo');
    const dialog = await screen.findByRole('dialog', { name: uploadTexts.title });
    await user.click(within(dialog).getByRole('button', { name: uploadTexts.upload }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: uploadTexts.title })).toBeNull(),
    );
    expect(calls(fetch)).toContain('POST /api/trades/import');
    expect(calls(fetch)).not.toContain('POST /api/trades');
    expect(calls(fetch)).toContain('POST /api/bingo/card');
    // The cells go along (the server counts the score and tier from them), with size and time.
    expect(sent).toEqual([
      {
        trades: [
          expect.objectContaining({
            pair: 'BTCUSDT',
            status: 'OPEN',
            date: localTrade.date,
            cells: localTrade.cells,
            sizeUsd: 500,
            sizeEstimated: false,
          }),
        ],
      },
    ]);
    expect(localStorage.getItem('trades')).toBeNull();
  });

  it('keeps the trades in the browser when the import fails, says why, and asks again next time', async () => {
    // Newest first, as the journal lists them; the upload sends the oldest first.
    const trades = [5, 4, 3, 2, 1].map((n) => ({
      ...localTrade,
      id: `l${n}`,
      date: `2026-01-05T0${n}:00:00.000Z`,
      createdAt: `2026-01-05T0${n}:00:00.000Z`,
    }));
    let order: string[] = [];
    setUp(trades, (body) => {
      order = (body as { trades: { date: string }[] }).trades.map((t) => t.date.slice(11, 13));
      return { status: 503, body: errorBody('SERVICE_UNAVAILABLE', unavailable) };
    });
    const { user, unmount } = renderApp('/bingo');
    const dialog = await screen.findByRole('dialog', { name: uploadTexts.title });
    await user.click(within(dialog).getByRole('button', { name: uploadTexts.upload }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: uploadTexts.title })).toBeNull(),
    );
    expect(order).toEqual(['01', '02', '03', '04', '05']);
    const kept = JSON.parse(localStorage.getItem('trades') ?? '[]') as { id: string }[];
    expect(kept.map((t) => t.id)).toEqual(['l5', 'l4', 'l3', 'l2', 'l1']);
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(toasts.getByText(new RegExp(`^5 trades stay in this browser: `))).toBeVisible();
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
    expect(calls(fetch)).not.toContain('POST /api/trades/import');
    expect(calls(fetch)).not.toContain('POST /api/bingo/card');
    unmount();
    renderApp('/bingo');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    expect(screen.queryByRole('dialog', { name: uploadTexts.title })).toBeNull();
  });
});
