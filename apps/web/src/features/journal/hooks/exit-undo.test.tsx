import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultRiskState,
  EXIT_UNDO_MS,
  exitUndoMessages,
  riskStateForDay,
  type Trade,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetNotifications } from '@/components/notifications';
import { errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { clearExitUndo, exitNotice, localExitSnapshot, undoLocalExit } from '../exit-undo';
import { readLocalJournal, resetLocalJournal } from '../local-store';
import { useRisk } from './use-risk';
import { useTradeActions, useTradeList } from './use-trades';

const useAll = () => ({ list: useTradeList(), actions: useTradeActions(), risk: useRisk() });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

beforeEach(() => {
  clearExitUndo();
  resetNotifications();
  resetLocalJournal();
});

describe('the Undo of an exit by hand (issue 26)', () => {
  it('signed in: the notification that says the trade closed carries Undo, which asks the server and puts the answer on screen', async () => {
    signIn();
    const trade: Trade = tradeFixture({ id: 's1' });
    const before = riskStateForDay(defaultRiskState(Date.now()), Date.now(), 'UTC');
    const after = { ...before, slTaken: 1, tradeStreak: -1 };
    const closed = {
      ...trade,
      status: 'STOPLOSS_HIT' as const,
      exits: [{ price: trade.stopLoss, quantity: trade.quantity, at: new Date().toISOString() }],
      exitPrice: trade.stopLoss,
      rMultiple: -1,
      pnlUsd: -16.39,
    };
    const undoBodies: unknown[] = [];
    stubFetch(({ path, method, body }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades') return { status: 200, body: [trade] };
      if (path === '/risk-management') return { status: 200, body: before };
      if (path === '/trades/s1/exits' && method === 'POST') {
        return { status: 200, body: { trade: closed, stats: after } };
      }
      if (path === '/trades/s1/undo-exit' && method === 'POST') {
        undoBodies.push(body);
        return { status: 200, body: { trade, stats: before } };
      }
      return { status: 404 };
    });
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.list.openCount).toBe(1));
    await act(async () => {
      await result.current.actions.exit('s1', { price: trade.stopLoss });
    });
    await waitFor(() => expect(result.current.risk.risk.slTaken).toBe(1));

    const notice = within(notifications()).getByText('BTCUSDT Long closed: LOSS -$16.39 · -1.00R');
    expect(notice).toBeVisible();
    const undo = within(notifications()).getByRole('button', { name: 'Undo' });
    // A real button, reached with the keyboard.
    undo.focus();
    expect(undo).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(undoBodies).toEqual([{ exitCount: 1 }]);
    await waitFor(() => expect(result.current.list.trades[0]?.status).toBe('OPEN'));
    expect(result.current.risk.risk).toEqual(before);
    expect(await screen.findByText(exitUndoMessages.undone)).toBeVisible();
    expect(within(notifications()).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("signed in: a refused undo says the server's reason and changes nothing", async () => {
    signIn();
    const trade: Trade = tradeFixture({ id: 's1' });
    const closed = { ...trade, status: 'TARGET_HIT' as const, rMultiple: 3, pnlUsd: 49.18 };
    const stats = defaultRiskState(Date.now());
    stubFetch(({ path, method }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades') return { status: 200, body: [trade] };
      if (path === '/risk-management') return { status: 200, body: stats };
      if (path === '/trades/s1/exits' && method === 'POST') {
        return { status: 200, body: { trade: closed, stats } };
      }
      if (path === '/trades/s1/undo-exit') {
        return { status: 409, body: errorBody('CONFLICT', exitUndoMessages.riskChanged) };
      }
      return { status: 404 };
    });
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.list.openCount).toBe(1));
    await act(async () => {
      await result.current.actions.exit('s1', { price: trade.takeProfit });
    });
    await userEvent.click(within(notifications()).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(exitUndoMessages.riskChanged)).toBeVisible();
    expect(result.current.list.trades[0]?.status).toBe('TARGET_HIT');
  });

  it('signed out: Undo puts the local trade and risk state back from the snapshot', async () => {
    stubFetch(() => ({ status: 500 }));
    localStorage.setItem('trades', JSON.stringify([tradeFixture({ id: 't1' })]));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    const tradeBefore = result.current.list.trades[0]!;
    const riskBefore = result.current.risk.risk;
    await act(async () => {
      await result.current.actions.exit('t1', { price: tradeBefore.stopLoss });
    });
    expect(result.current.list.trades[0]).toMatchObject({ status: 'STOPLOSS_HIT', rMultiple: -1 });
    expect(result.current.risk.risk).toMatchObject({ slTaken: 1, tradeStreak: -1 });

    await userEvent.click(within(notifications()).getByRole('button', { name: 'Undo' }));
    expect(result.current.list.trades[0]).toEqual(tradeBefore);
    expect(result.current.risk.risk).toEqual(riskBefore);
    // Stored too: a reload reads the trade OPEN again.
    expect(JSON.parse(localStorage.getItem('trades')!)[0]).toMatchObject({ status: 'OPEN' });
    expect(await screen.findByText(exitUndoMessages.undone)).toBeVisible();
  });
});

describe('undoLocalExit', () => {
  const exited = async () => {
    stubFetch(() => ({ status: 500 }));
    localStorage.setItem('trades', JSON.stringify([tradeFixture({ id: 't1' })]));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    const before = readLocalJournal();
    const now = Date.now();
    await act(async () => {
      await result.current.actions.exit('t1', { price: 62_000, quantity: 0.01 });
    });
    return { result, snapshot: localExitSnapshot('t1', before, readLocalJournal(), now), now };
  };

  it('refuses after the window, once the risk state moved, and a second time', async () => {
    const { snapshot, now } = await exited();
    const journal = readLocalJournal();
    expect(journal.trades[0]!.exits).toHaveLength(1);
    expect(undoLocalExit(journal, snapshot, now + EXIT_UNDO_MS + 1)).toMatchObject({
      ok: false,
      message: exitUndoMessages.expired,
    });
    const moved = { ...journal, risk: { ...journal.risk, tradeStreak: 2 } };
    expect(undoLocalExit(moved, snapshot, now)).toMatchObject({
      ok: false,
      message: exitUndoMessages.riskChanged,
    });
    const undone = undoLocalExit(journal, snapshot, now);
    expect(undone.ok).toBe(true);
    const back = { ...journal, ...(undone.ok ? undone.value : {}) };
    expect(back.trades[0]!.exits).toEqual([]);
    expect(undoLocalExit(back, snapshot, now)).toMatchObject({
      ok: false,
      message: exitUndoMessages.nothing,
    });
  });

  it('says a partial exit as such', () => {
    const trade = tradeFixture({
      exits: [{ price: 62_000 as Trade['entryPrice'], quantity: 0.01, at: '2026-01-05T11:00:00Z' }],
    });
    expect(exitNotice(trade)).toBe('BTCUSDT Long: partial exit at 62,000 recorded');
  });
});
