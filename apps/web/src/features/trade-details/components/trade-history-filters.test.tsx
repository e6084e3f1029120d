import { screen, waitFor, within } from '@testing-library/react';
import { price, rMultiple, usd, type Trade } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture, wonTradeFixture } from '@/test/trade-fixture';
import { HISTORY_PAGE_SIZE } from '../hooks/use-history-view';
import { TradeHistoryDialog } from './trade-history-dialog';

beforeEach(() => resetLocalJournal());

/** A signed-in trader in `timeZone` whose journal is `trades`. */
function openHistory(trades: Trade[], timeZone = 'UTC') {
  signIn();
  stubFetch(({ path }) => {
    if (path === '/users/me') return { status: 200, body: publicUser({ timeZone }) };
    if (path === '/trades') return { status: 200, body: trades };
    return { status: 404 };
  });
  return renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Trades' })).queryAllByRole('listitem', {
    name: /, (OPEN|WIN|LOSS)$/,
  });

/** 5,000 closed trades over three pairs, both sides, wins and losses, one per hour. */
function bigJournal(): Trade[] {
  const pairs = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
  return Array.from({ length: 5_000 }, (_, i) => {
    const win = i % 2 === 0;
    const opened = Date.UTC(2026, 0, 1) + i * 3_600_000;
    return wonTradeFixture({
      id: `t${i}`,
      pair: pairs[i % 3]!,
      isLong: i % 4 < 2,
      status: win ? 'TARGET_HIT' : 'STOPLOSS_HIT',
      rMultiple: rMultiple(win ? 3 : -1),
      pnlUsd: usd(win ? 49.18 : -16.39),
      exitPrice: price(win ? 64_000 : 60_000),
      date: new Date(opened).toISOString(),
      createdAt: new Date(opened).toISOString(),
      closedAt: new Date(opened + 1_800_000).toISOString(),
    });
  });
}

describe('trade history filters', () => {
  it('5,000 trades: renders a page of cards, filters narrow the count, Show more adds a page', async () => {
    const { user } = openHistory(bigJournal());
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await within(dialog).findByText('5,000 trades');
    expect(cards()).toHaveLength(HISTORY_PAGE_SIZE);

    await user.selectOptions(within(dialog).getByLabelText('Pair'), 'ETHUSDT');
    // Every third trade is ETH: 1,667 of them.
    expect(within(dialog).getByRole('status')).toHaveTextContent('1,667 of 5,000 trades match');
    expect(cards()).toHaveLength(HISTORY_PAGE_SIZE);
    expect(cards().every((card) => card.getAttribute('aria-label')!.startsWith('ETHUSDT'))).toBe(
      true,
    );

    await user.selectOptions(within(dialog).getByLabelText('Status'), 'LOSS');
    await user.selectOptions(within(dialog).getByLabelText('Side'), 'short');
    // Odd i (a loss), i % 3 == 1 (ETH), i % 4 >= 2 (short): i = 7 mod 12, 417 of 5,000.
    expect(within(dialog).getByRole('status')).toHaveTextContent('417 of 5,000 trades match');
    expect(cards().every((card) => card.getAttribute('aria-label') === 'ETHUSDT Short, LOSS')).toBe(
      true,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Show more (50 of 417 shown)' }));
    expect(cards()).toHaveLength(2 * HISTORY_PAGE_SIZE);

    // A change of filter starts from the first page again.
    await user.type(within(dialog).getByLabelText('Opened from'), '2026-07-01');
    const narrowed = Number(
      /^(\d+) of/.exec(within(dialog).getByRole('status').textContent ?? '')?.[1],
    );
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(417);
    expect(cards().length).toBe(Math.min(narrowed, HISTORY_PAGE_SIZE));

    await user.click(within(dialog).getByRole('button', { name: 'Clear filters' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('5,000 trades');
  }, 30_000);

  it('dates each card in the trader zone and sorts by R', async () => {
    const { user } = openHistory(
      [
        tradeFixture({ id: 'a', date: '2026-11-28T12:51:00.000Z' }),
        wonTradeFixture({
          id: 'b',
          pair: 'ETHUSDT',
          date: '2026-11-27T22:10:00.000Z',
          closedAt: '2026-11-28T01:05:00.000Z',
        }),
      ],
      'Asia/Tokyo',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    const open = await within(dialog).findByRole('listitem', { name: 'BTCUSDT Long, OPEN' });
    expect(open).toHaveTextContent('Opened 28 Nov 2026, 21:51');
    expect(open).not.toHaveTextContent('Closed');
    const won = within(dialog).getByRole('listitem', { name: 'ETHUSDT Long, WIN' });
    expect(won).toHaveTextContent('Opened 28 Nov 2026, 07:10');
    expect(won).toHaveTextContent('Closed 28 Nov 2026, 10:05');
    expect(within(won).getAllByRole('time')[0]).toHaveAttribute(
      'datetime',
      '2026-11-27T22:10:00.000Z',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('times in Asia/Tokyo');

    // Open first by default; R puts the +3R win first and the open trade (no R) last.
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      'BTCUSDT Long, OPEN',
      'ETHUSDT Long, WIN',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('Sort'), 'R, best first');
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      'ETHUSDT Long, WIN',
      'BTCUSDT Long, OPEN',
    ]);

    // The date range is the Tokyo calendar: the win opened on 28 Nov there (27 Nov in UTC).
    await user.type(within(dialog).getByLabelText('Opened to'), '2026-11-27');
    expect(await within(dialog).findByText('No trades match these filters.')).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '0 of 2 trades match · opened until 27 Nov 2026',
    );
    expect(cards()).toHaveLength(0);
  });

  it('titles the edit form "Edit trade"', async () => {
    const { user } = openHistory([tradeFixture()]);
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit BTCUSDT Long' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Edit trade' })).toBeVisible());
    expect(screen.queryByRole('dialog', { name: 'Trade History' })).not.toBeInTheDocument();
  });
});
