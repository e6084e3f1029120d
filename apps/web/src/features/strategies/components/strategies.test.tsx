import { screen, waitFor, within } from '@testing-library/react';
import { shopBoardMessages } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { closePremiumLock, resetLocalJournal } from '@/features/journal';
import { calls } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { strategyCardTexts } from './strategy-card';
import { strategiesPageTexts } from './strategies-page';
import { serveTrader, strategyFixture } from '@/test/strategy-fixtures';

beforeEach(() => {
  resetLocalJournal();
  closePremiumLock();
  localStorage.clear();
});

const location = () => screen.getByTestId('location');

describe('monthly strategy on the dashboard', () => {
  it("shows this month's strategy to a subscriber; Load board adds its 25 cells as a new board", async () => {
    const { server } = serveTrader('monthly');
    const { user } = renderApp('/bingo');
    const card = (await screen.findByRole('heading', { name: /Strategy of July 2026/ })).closest(
      'section',
    )!;
    expect(card).toHaveTextContent('July: trend days only');
    expect(card).toHaveTextContent('Trade with the daily trend. Wait for the close');
    expect(within(card).getByRole('link', { name: 'Read July: trend days only' })).toHaveAttribute(
      'href',
      '/strategies/11111111-1111-4111-8111-111111111111',
    );

    const load = within(card).getByRole('button', { name: 'Load board' });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);
    expect(
      await screen.findByText(shopBoardMessages.loaded('July: trend days only')),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const saved = server.saves[0]!;
    expect(saved.bingoPages.map((b) => b.name)).toEqual(['Default Board', 'July: trend days only']);
    expect(saved.currentPageIndex).toBe(1);
    const cells = saved.bingoPages[1]!.bingoCells;
    expect(cells).toHaveLength(25);
    expect(cells.map((c) => [c.title, c.points])).toEqual(
      strategyFixture().board.map((c) => [c.title, c.points]),
    );
    expect(cells.every((c) => !c.selected)).toBe(true);
  });

  it('folds to one line and remembers it', async () => {
    serveTrader('annual');
    const { user, unmount } = renderApp('/bingo');
    const fold = await screen.findByRole('button', { name: 'Fold the strategy' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await user.click(fold);
    expect(screen.queryByRole('button', { name: 'Load board' })).not.toBeInTheDocument();
    unmount();
    renderApp('/bingo');
    expect(await screen.findByRole('button', { name: 'Show the strategy' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('offers it to a free trader in one line that can be put away', async () => {
    const { fetch } = serveTrader(null);
    const { user } = renderApp('/bingo');
    const teaser = await screen.findByRole('complementary', { name: 'Monthly strategy' });
    expect(teaser).toHaveTextContent(strategyCardTexts.teaser);
    expect(within(teaser).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/payment',
    );
    await user.click(within(teaser).getByRole('button', { name: strategyCardTexts.dismiss }));
    expect(screen.queryByRole('complementary', { name: 'Monthly strategy' })).toBeNull();
    // A free trader's dashboard never asks for the premium strategy.
    expect(calls(fetch).some((c) => c.includes('/api/strategies'))).toBe(false);
  });
});

describe('strategy pages', () => {
  it('lists the archive newest first and opens one with its text and board', async () => {
    const june = strategyFixture({
      id: '22222222-2222-4222-8222-222222222222',
      month: '2026-06',
      title: 'June: ranges',
    });
    const { server } = serveTrader('monthly', { strategies: [strategyFixture(), june] });
    const { user } = renderApp('/strategies');
    const list = await screen.findByRole('list', { name: /Published strategies/ });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'July: trend days only',
      'June: ranges',
    ]);
    expect(items[1]).toHaveTextContent('June 2026');

    await user.click(within(items[0]!).getByRole('link', { name: 'Read July: trend days only' }));
    const heading = await screen.findByRole('heading', { name: 'July: trend days only' });
    const article = heading.closest('article')!;
    expect(within(article).getByRole('heading', { name: 'Plan' })).toBeVisible();
    expect(within(article).getByText('with').tagName).toBe('STRONG');
    const board = within(article).getByRole('list', { name: 'The board of July: trend days only' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(25);
    expect(within(board).getAllByRole('listitem')[2]).toHaveTextContent('Rule 33 pts');

    const load = within(article).getByRole('button', { name: 'Load board' });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);
    await waitFor(() => expect(location()).toHaveTextContent('/bingo'));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]!.bingoPages[1]!.name).toBe('July: trend days only');
  });

  it('opens a strategy by its link, and says so when it is not published', async () => {
    const june = strategyFixture({ id: '22222222-2222-4222-8222-222222222222', title: 'June' });
    const { fetch } = serveTrader('annual', { strategies: [strategyFixture(), june] });
    const { unmount } = renderApp(`/strategies/${june.id}`);
    expect(await screen.findByRole('heading', { name: 'June' })).toBeVisible();
    expect(calls(fetch).some((c) => c.endsWith(`/api/strategies/${june.id}`))).toBe(true);
    unmount();

    renderApp('/strategies/33333333-3333-4333-8333-333333333333');
    expect(
      await screen.findByText('This strategy does not exist or is not published.'),
    ).toBeVisible();
  });

  it('says so when nothing is published yet', async () => {
    serveTrader('monthly', { strategies: [] });
    renderApp('/strategies');
    expect(await screen.findByText(strategiesPageTexts.empty)).toBeVisible();
  });

  it('shows a free trader the premium lock instead', async () => {
    const { fetch } = serveTrader(null);
    renderApp('/strategies');
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toBeVisible();
    expect(screen.getByRole('note', { name: 'Premium feature' })).toBeVisible();
    expect(calls(fetch).some((c) => c.includes('/api/strategies'))).toBe(false);
  });
});
