import { screen, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { TradeHistoryDialog } from './trade-history-dialog';
import type * as TradeRowModule from './trade-row';

/** How often each trade's card rendered. */
const renders = vi.hoisted(() => new Map<string, number>());

vi.mock('./trade-row', async (importOriginal) => {
  const real = await importOriginal<typeof TradeRowModule>();
  return {
    ...real,
    TradeRow: (props: TradeRowModule.TradeRowProps) => {
      renders.set(props.trade.id, (renders.get(props.trade.id) ?? 0) + 1);
      return real.TradeRow(props);
    },
  };
});

/** 120 open trades of the browser's journal, one a day, `t000` the newest. */
function journal() {
  const day = (i: number) => new Date(Date.UTC(2026, 5, 30) - i * 86_400_000).toISOString();
  const trades = Array.from({ length: 120 }, (_, i) =>
    tradeFixture({ id: `t${String(i).padStart(3, '0')}`, date: day(i), createdAt: day(i) }),
  );
  localStorage.setItem('trades', JSON.stringify(trades));
  resetLocalJournal();
}

beforeEach(() => {
  renders.clear();
  journal();
});

// Role queries over 100 cards are slow in jsdom: the cards are counted by their class.
const cards = (dialog: HTMLElement) => dialog.querySelectorAll('li.trade-row');

it('"Show more" renders the next page of cards, not again the cards already shown', async () => {
  const { user } = renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
  expect(cards(dialog)).toHaveLength(50);
  renders.clear();
  await user.click(within(dialog).getByRole('button', { name: /^Show more/ }));
  expect(cards(dialog)).toHaveLength(100);
  expect(renders.size).toBe(50);
  expect([...renders.keys()].every((id) => Number(id.slice(1)) >= 50)).toBe(true);
  expect([...renders.values()].every((n) => n === 1)).toBe(true);
}, 20_000);

it('asking to delete a trade renders no card again', async () => {
  const { user } = renderWithProviders(<TradeHistoryDialog onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
  renders.clear();
  await user.click(within(dialog).getAllByRole('button', { name: 'Delete BTCUSDT Long' })[0]!);
  expect(await screen.findByRole('alertdialog')).toBeTruthy();
  expect(renders.size).toBe(0);
}, 20_000);
