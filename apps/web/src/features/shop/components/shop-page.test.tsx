import { screen, waitFor, within } from '@testing-library/react';
import { PREMIUM_FEATURES, SCRIPT_CELLS, shopBoardMessages } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveTrader } from '@/test/strategy-fixtures';
import { closePremiumLock, resetLocalJournal } from '@/features/journal';
import { stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { shopScriptTexts } from './shop-script-cells';
import { shopStrategyTexts } from './shop-strategies';

beforeEach(() => {
  resetLocalJournal();
  closePremiumLock();
  localStorage.clear();
});

const section = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;

describe('Shop', () => {
  it('shows a visitor the script cells with their rules and points, and Sign in / See plans', async () => {
    stubFetch(() => ({ status: 500 }));
    renderApp('/shop');
    expect(document.body).not.toHaveTextContent(/coming soon/i);
    const scripts = await section('Script cells');
    const cells = within(scripts).getAllByRole('listitem');
    expect(cells).toHaveLength(SCRIPT_CELLS.length);
    SCRIPT_CELLS.forEach((cell, i) => {
      expect(cells[i]).toHaveTextContent(cell.label);
      expect(cells[i]).toHaveTextContent(cell.rule);
      expect(cells[i]).toHaveTextContent(`${cell.points} point`);
    });
    expect(scripts).toHaveTextContent(shopScriptTexts.plans);
    expect(within(scripts).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(within(scripts).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/payment',
    );
    const boards = await section('Strategy boards');
    expect(within(boards).getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('says what each plan unlocks, feature by feature', async () => {
    stubFetch(() => ({ status: 500 }));
    renderApp('/shop');
    const plans = await section('What each plan unlocks');
    const rows = within(plans).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(PREMIUM_FEATURES.length);
    const script = within(plans)
      .getByRole('rowheader', { name: /Script case/ })
      .closest('tr')!;
    expect(
      within(script)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Not included', 'Not included', 'Included', 'Included']);
    expect(within(plans).getByRole('link', { name: 'See plans and prices' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('adds the script-cell board for an annual trader: five script cells, then empty cells', async () => {
    const { server } = serveTrader('annual');
    const { user } = renderApp('/shop');
    const scripts = await section('Script cells');
    const add = await within(scripts).findByRole('button', { name: shopScriptTexts.add });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText(shopBoardMessages.loaded('Script cells'))).toBeVisible();
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const board = server.saves[0]!.bingoPages[1]!;
    expect(board.name).toBe('Script cells');
    expect(board.bingoCells.slice(0, 5).map((c) => c.script)).toEqual(
      SCRIPT_CELLS.map((s) => s.id),
    );
    expect(board.bingoCells.slice(0, 5).map((c) => [c.title, c.points])).toEqual(
      SCRIPT_CELLS.map((s) => [s.label, s.points]),
    );
    expect(board.bingoCells.slice(5).every((c) => c.title === '' && c.script === undefined)).toBe(
      true,
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bingo'));
  });

  it('sends a monthly trader to the payment page for script cells, and lists the strategy boards', async () => {
    const { server } = serveTrader('monthly');
    const { user } = renderApp('/shop');
    const scripts = await section('Script cells');
    expect(
      await within(scripts).findByRole('link', { name: shopScriptTexts.upgrade }),
    ).toHaveAttribute('href', '/payment');
    expect(within(scripts).queryByRole('button', { name: shopScriptTexts.add })).toBeNull();

    const boards = await section('Strategy boards');
    const load = await within(boards).findByRole('button', {
      name: 'Load board July: trend days only',
    });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]!.bingoPages[1]!.bingoCells[0]).toMatchObject({
      title: 'Rule 1',
      points: 1,
      selected: false,
    });
  });

  it('shows a free trader neither button: the plans instead', async () => {
    serveTrader(null);
    renderApp('/shop');
    const scripts = await section('Script cells');
    expect(
      await within(scripts).findByRole('link', { name: shopScriptTexts.upgrade }),
    ).toBeVisible();
    const boards = await section('Strategy boards');
    expect(await within(boards).findByText(shopStrategyTexts.locked)).toBeVisible();
    expect(within(boards).queryByRole('button', { name: /Load board/ })).toBeNull();
  });
});
