import { screen, waitFor, within } from '@testing-library/react';
import { TRADE_CSV_COLUMNS } from '@tb/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture, wonTradeFixture } from '@/test/trade-fixture';
import { TradeHistoryDialog } from './trade-history-dialog';

/** Captures what the browser is handed to download. */
function captureDownloads() {
  const files: Blob[] = [];
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      files.push(blob);
      return 'blob:trades';
    },
    revokeObjectURL: () => {},
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { files, click };
}

beforeEach(() => resetLocalJournal());

describe('trade history', () => {
  it('anonymous: Export CSV downloads the browser trades as core writes them', async () => {
    localStorage.setItem(
      'trades',
      JSON.stringify([tradeFixture({ id: 'a1', notes: 'Range high' }), wonTradeFixture()]),
    );
    resetLocalJournal();
    const fetch = stubFetch(() => ({ status: 500 }));
    const { files, click } = captureDownloads();
    const { user } = renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await files[0]!.text()).trim().split('\r\n');
    expect(lines[0]).toBe(TRADE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith('a1,') && line.endsWith(',Range high'))).toBe(true);
    expect(click).toHaveBeenCalledOnce();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signed in: Export CSV downloads GET /api/trades/export.csv with the bearer token', async () => {
    signIn();
    const fetch = stubFetch(({ path }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades') return { status: 200, body: [tradeFixture()] };
      if (path === '/trades/export.csv') return { status: 200, body: 'id,date' };
      return { status: 404 };
    });
    const { files } = captureDownloads();
    const { user } = renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await within(dialog).findByRole('listitem', { name: 'BTCUSDT Long, OPEN' });
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(calls(fetch)).toContain('GET /api/trades/export.csv');
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/trades/export.csv')!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('signed in: a failed load says so and offers to try again', async () => {
    signIn();
    let reads = 0;
    stubFetch(({ path }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades') return ++reads === 1 ? { status: 500 } : { status: 200, body: [] };
      return { status: 404 };
    });
    const { user } = renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load trades');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No trades recorded yet')).toBeVisible();
  });

  it('reads trades stored in the old shape, sized from the base trade size and marked estimated', async () => {
    localStorage.setItem(
      'trades',
      JSON.stringify([
        {
          id: 'old1',
          pair: 'ethusdt',
          isLong: false,
          entryPrice: 100,
          stopLoss: 110,
          takeProfit: 80,
          riskRewardRatio: 2,
          notes: '',
          status: 'TARGET_HIT',
          date: '2025-12-01T10:00:00.000Z',
          createdAt: '2025-12-01T10:00:00.000Z',
          profitLoss: 20,
          score: 6,
        },
      ]),
    );
    resetLocalJournal();
    stubFetch(() => ({ status: 500 }));
    renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
    const row = await screen.findByRole('listitem', { name: 'ETHUSDT Short, WIN' });
    expect(within(row).getByText('size estimated')).toBeVisible();
    expect(within(row).getByText('$1,000')).toBeVisible();
    expect(within(row).getByText('+2.00R')).toBeVisible();
    expect(within(row).getByText('+$200.00')).toBeVisible();
    const stored = JSON.parse(localStorage.getItem('trades') ?? '[]') as unknown[];
    expect(stored[0]).toMatchObject({ id: 'old1', sizeUsd: 1000, sizeEstimated: true });
  });
});
