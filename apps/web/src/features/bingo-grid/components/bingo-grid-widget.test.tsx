import { screen, waitFor, within } from '@testing-library/react';
import {
  confirmMessages,
  createBoard,
  defaultBingoState,
  defaultRiskState,
  defaultWidgetLayout,
  premiumLockTexts,
  starterBingoCells,
  type BingoState,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { bingoNotices, closePremiumLock, resetLocalJournal } from '@/features/journal';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { starterOfferTexts } from './bingo-grid-widget';

beforeEach(() => {
  resetLocalJournal();
  closePremiumLock();
});

const grid = async () => screen.findByRole('group', { name: /Cells of/ });

/** An anonymous journal whose only board is empty, or has the given cells set. */
function storeLocalBoard(cells: Partial<Record<number, { title: string; points: number }>> = {}) {
  const state = defaultBingoState('b1', Date.now());
  const board = createBoard('b1', 'Default Board');
  for (const [index, cell] of Object.entries(cells)) {
    board.bingoCells[Number(index)] = { id: Number(index), selected: false, ...cell! };
  }
  localStorage.setItem('bingoState', JSON.stringify({ ...state, bingoPages: [board] }));
  resetLocalJournal();
}

describe('bingo grid widget', () => {
  it('shows 25 numbered cells; click, Enter and Space toggle (aria-pressed)', async () => {
    stubFetch(() => ({ status: 500 }));
    const { user } = renderApp('/bingo');
    const cells = within(await grid()).getAllByRole('button', { name: /^Cell \d+\b/ });
    expect(cells).toHaveLength(25);
    const first = screen.getByRole('button', { name: /^Cell 1:/ });
    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-pressed', 'true');
  });

  it('a new trader starts on the starter board: titles and points in every cell', async () => {
    stubFetch(() => ({ status: 500 }));
    renderApp('/bingo');
    const cells = within(await grid()).getAllByRole('button', { pressed: false });
    expect(cells.map((cell) => cell.getAttribute('aria-label'))).toEqual(
      starterBingoCells().map(
        (c, i) => `Cell ${i + 1}: ${c.title}, ${c.points} ${c.points === 1 ? 'point' : 'points'}`,
      ),
    );
    const stop = screen.getByRole('button', { name: 'Cell 11: Stop beyond structure, 3 points' });
    expect(within(stop).getByText('Stop beyond structure')).toBeVisible();
    expect(stop.querySelector('.bingo-cell__points')).toHaveAttribute('data-points', '3');
    expect(screen.getByText('Stop beyond structure · 3 pts')).toHaveAttribute('role', 'tooltip');
    expect(screen.queryByRole('button', { name: starterOfferTexts.action })).toBeNull();
  });

  it('an empty board offers the starter board; loading it fills the cells and confirms', async () => {
    stubFetch(() => ({ status: 500 }));
    storeLocalBoard();
    const { user } = renderApp('/bingo');
    expect(await within(await grid()).findByRole('button', { name: 'Cell 1' })).toBeVisible();
    expect(screen.getByText(starterOfferTexts.message)).toBeVisible();
    await user.click(screen.getByRole('button', { name: starterOfferTexts.action }));
    expect(
      screen.getByRole('button', { name: 'Cell 1: Trend on the daily agrees, 2 points' }),
    ).toHaveFocus();
    expect(await screen.findByText(bingoNotices.starterLoaded)).toBeVisible();
    expect(screen.queryByRole('button', { name: starterOfferTexts.action })).toBeNull();
    const stored = JSON.parse(localStorage.getItem('bingoState') ?? '{}') as BingoState;
    expect(stored.bingoPages[0]?.bingoCells).toEqual(starterBingoCells());
  });

  it('a board with a cell of its own does not offer the starter board', async () => {
    stubFetch(() => ({ status: 500 }));
    storeLocalBoard({ 7: { title: 'My rule', points: 0 } });
    renderApp('/bingo');
    expect(
      await within(await grid()).findByRole('button', { name: 'Cell 8: My rule, 0 points' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cell 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: starterOfferTexts.action })).toBeNull();
    expect(screen.queryByText(starterOfferTexts.message)).toBeNull();
  });

  it('the edit dialog validates points and saves title and points (tooltip shows them)', async () => {
    stubFetch(() => ({ status: 500 }));
    storeLocalBoard();
    const { user } = renderApp('/bingo');
    await grid();
    expect(screen.getAllByText('Not set · 0 pts')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Edit cell 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit cell 1' });
    await user.type(within(dialog).getByLabelText('Title'), 'Checked the news');
    const points = within(dialog).getByLabelText('Points');
    await user.clear(points);
    await user.type(points, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Points must be a number from 0 to 100')).toBeVisible();
    await user.clear(points);
    await user.type(points, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Checked the news · 6 pts')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Cell 1: Checked the news, 6 points' }),
    ).toBeVisible();
  });

  it('"+ New board" on the last board (no silent "›") opens the premium lock for a free user', async () => {
    stubFetch(() => ({ status: 500 }));
    const { user } = renderApp('/bingo');
    await grid();
    expect(screen.getByRole('button', { name: 'Previous board' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Next board' })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'New board' });
    expect(add).toHaveTextContent('New board');
    await user.click(add);
    const lock = await screen.findByRole('dialog', { name: premiumLockTexts.title });
    expect(within(lock).getByText(premiumLockTexts.boardsMessage)).toBeVisible();
  });

  it('a premium user deletes a later board after confirming', async () => {
    signIn();
    const base = defaultBingoState('b1', Date.now());
    const state: BingoState = {
      ...base,
      version: 2,
      currentPageIndex: 1,
      bingoPages: [...base.bingoPages, createBoard('b2', 'Board 2')],
    };
    const fetch = stubFetch(({ path, method, body }) => {
      if (path === '/users/me') return { status: 200, body: publicUser({ isPaidUser: true }) };
      if (path === '/bingo/card' && method === 'GET') {
        return { status: 200, body: { success: true, data: state } };
      }
      if (path === '/bingo/card' && method === 'POST') {
        return {
          status: 200,
          body: { success: true, data: { ...(body as BingoState), version: 3 } },
        };
      }
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/users/widget-layout')
        return { status: 200, body: { layout: defaultWidgetLayout() } };
      return { status: 200, body: [] };
    });
    const { user } = renderApp('/bingo');
    expect(await screen.findByRole('button', { name: 'Board: Board 2. Rename' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'New board' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous board' }));
    expect(await screen.findByRole('button', { name: 'Next board' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next board' }));
    expect(await screen.findByRole('button', { name: 'Board: Board 2. Rename' })).toBeVisible();
    const trash = screen.getByRole('button', { name: 'Delete board' });
    expect(trash.querySelector('svg.lucide')).not.toBeNull();
    expect(trash).not.toHaveTextContent(/\S/);
    await user.click(trash);
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(confirmMessages.deleteBoard)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Board: Board 2. Rename' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete board' }));
    await user.click(
      await screen
        .findByRole('button', { name: 'Delete board', hidden: false })
        .then(() =>
          within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete board' }),
        ),
    );
    expect(
      await screen.findByRole('button', { name: 'Board: Default Board. Rename' }),
    ).toBeVisible();
    await waitFor(() => expect(calls(fetch)).toContain('POST /api/bingo/card'));
    expect(screen.queryByRole('button', { name: 'Delete board' })).not.toBeInTheDocument();
  });

  it('signed in, a card that fails to load says so with Try again', async () => {
    signIn();
    let fail = true;
    stubFetch(({ path }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/bingo/card') {
        return fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Server down' } } }
          : { status: 200, body: { success: true, data: defaultBingoState('b1', Date.now()) } };
      }
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/users/widget-layout')
        return { status: 200, body: { layout: defaultWidgetLayout() } };
      return { status: 200, body: [] };
    });
    const { user } = renderApp('/bingo');
    const bingo = await screen.findByRole('region', { name: 'Bingo Grid' });
    const retry = await within(bingo).findByRole(
      'button',
      { name: 'Try again' },
      { timeout: 4000 },
    );
    fail = false;
    await user.click(retry);
    expect(await within(bingo).findByRole('group', { name: /Cells of/ })).toBeVisible();
  });
});
