import { screen, waitFor, within } from '@testing-library/react';
import {
  defaultBingoState,
  defaultRiskState,
  defaultWidgetLayout,
  type BingoState,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
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

function setUp() {
  localStorage.setItem('trades', JSON.stringify([localTrade]));
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
    if (path === '/trades' && method === 'POST')
      return { status: 201, body: { ...localTrade, id: 's1' } };
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
