import { act, screen, waitFor } from '@testing-library/react';
import {
  defaultBingoState,
  defaultRiskState,
  riskStateForDay,
  stoplossTexts,
  type BingoState,
  type Trade,
} from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { resetLocalJournal } from '../local-store';
import { useBingoActions, useBingoState } from './use-bingo';
import { useRisk } from './use-risk';
import { tradeSavedMessage, useTradeActions, useTradeList } from './use-trades';

const useAll = () => ({ list: useTradeList(), actions: useTradeActions(), risk: useRisk() });
const longTrade = {
  pair: 'BTCUSDT',
  isLong: true,
  stopLoss: 100,
  entryPrice: 110,
  takeProfit: 130,
  notes: '',
};

/** A board with two ticked cells (6 points) and one that is not ticked. */
function tickedBoard(): BingoState {
  const state = defaultBingoState('b1', Date.now());
  const cells = state.bingoPages[0]!.bingoCells;
  cells[0] = { id: 0, title: 'Plan written', points: 2, selected: true };
  cells[4] = { id: 4, title: 'Stop below structure', points: 4, selected: true };
  cells[9] = { id: 9, title: 'Not ticked', points: 5, selected: false };
  return state;
}

beforeEach(() => resetLocalJournal());

describe('useTrades, anonymous', () => {
  it('records the facts of a saved trade with core: pair, idea, cells, score, size and risk', async () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    localStorage.setItem('bingoState', JSON.stringify(tickedBoard()));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    let saved = false;
    await act(async () => {
      saved = await result.current.actions.save({
        ...longTrade,
        pair: 'ETHUSDT',
        notes: 'Retest of the range high',
        sizeUsd: 880,
        targetManual: true,
      });
    });
    expect(saved).toBe(true);
    expect(await screen.findByText('Long ETHUSDT saved')).toBeVisible();
    const [trade] = result.current.list.trades;
    expect(trade).toMatchObject({
      pair: 'ETHUSDT',
      notes: 'Retest of the range high',
      status: 'OPEN',
      riskRewardRatio: 2,
      score: 6,
      tier: 2,
      cells: [
        { index: 0, title: 'Plan written', points: 2 },
        { index: 4, title: 'Stop below structure', points: 4 },
      ],
      targetManual: true,
      sizeUsd: 880,
      quantity: 8,
      riskUsd: 80,
      sizeEstimated: false,
      streakAtOpen: 0,
      accountSizeAtOpen: 10_000,
      pnlUsd: null,
    });
    expect(JSON.parse(localStorage.getItem('trades') ?? '[]')).toEqual([trade]);
    expect(result.current.risk.risk.dailyStats.trades).toBe(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('closes trades with core: R and USD P/L, and the risk state takes the USD outcome', async () => {
    stubFetch(() => ({ status: 500 }));
    const { result } = renderHookWithProviders(useAll);
    await act(async () => {
      await result.current.actions.save(longTrade);
      await result.current.actions.save({
        ...longTrade,
        isLong: false,
        stopLoss: 120,
        takeProfit: 90,
      });
    });
    expect(result.current.list.openCount).toBe(2);
    const long = result.current.list.trades.find((t) => t.isLong)!;
    const short = result.current.list.trades.find((t) => !t.isLong)!;

    await act(async () => {
      await result.current.actions.exit(long.id, { price: long.takeProfit });
      await result.current.actions.exit(short.id, { price: short.stopLoss });
    });
    expect(result.current.list.openCount).toBe(0);
    const byId = (id: string) => result.current.list.trades.find((t) => t.id === id)!;
    // $1,000 at 110 is 9.09 units: the long won 2R (+$181.82), the short lost 1R (-$90.91).
    expect(byId(long.id)).toMatchObject({ rMultiple: 2, pnlUsd: 181.818182, exitPrice: 130 });
    expect(byId(short.id)).toMatchObject({ rMultiple: -1, pnlUsd: -90.909091, profitLoss: -10 });
    expect(byId(long.id).closedAt).not.toBeNull();
    expect(result.current.risk.risk).toMatchObject({ slTaken: 1, tradeStreak: 0 });
    expect(result.current.risk.risk.dailyStats).toMatchObject({
      trades: 2,
      wins: 1,
      losses: 1,
      dailyProfit: 181.818182,
      dailyLoss: 90.909091,
    });

    act(() => result.current.actions.clearHistory());
    expect(result.current.list.trades).toEqual([]);
  });

  it('an edit of an OPEN trade keeps its USD size and reprices its risk with core', () => {
    stubFetch(() => ({ status: 500 }));
    localStorage.setItem('trades', JSON.stringify([tradeFixture({ id: 'e1' })]));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    const trade = result.current.list.trades[0]!;
    let problem: string | null = 'not called';
    act(() => {
      problem = result.current.actions.edit(trade, {
        pair: 'btcusdt',
        stopLoss: 59_000,
        entryPrice: 60_000,
        takeProfit: 64_000,
        notes: 'moved',
      });
    });
    expect(problem).toBeNull();
    expect(result.current.list.trades[0]).toMatchObject({
      sizeUsd: 1000,
      riskUsd: 16.666667,
      riskRewardRatio: 4,
      notes: 'moved',
    });
  });

  it('refuses a trade while the session is ended (core sessionLock) and counts nothing', async () => {
    stubFetch(() => ({ status: 500 }));
    const risk = riskStateForDay(defaultRiskState(Date.now()), Date.now(), 'UTC');
    risk.dailyStats = { ...risk.dailyStats, trades: 3 };
    localStorage.setItem('riskState', JSON.stringify(risk));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    expect(result.current.risk.lock.ended).toBe(true);
    let saved = true;
    await act(async () => {
      saved = await result.current.actions.save(longTrade);
    });
    expect(saved).toBe(false);
    expect(
      await screen.findByText(/You have reached your limit of 3 trades for today/),
    ).toBeVisible();
    expect(result.current.list.trades).toEqual([]);
  });

  it('blocks a fourth stoploss with the session-ended alert', async () => {
    stubFetch(() => ({ status: 500 }));
    const risk = { ...defaultRiskState(Date.now()), slTaken: 3 };
    risk.dailyStats.lastTradeDate = new Date().toISOString().slice(0, 10);
    localStorage.setItem('riskState', JSON.stringify(risk));
    localStorage.setItem('trades', JSON.stringify([tradeFixture({ id: 't1' })]));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    const [open] = result.current.list.trades;
    await act(async () => {
      await result.current.actions.exit('t1', { price: open!.stopLoss });
    });
    expect(await screen.findByText(stoplossTexts.sessionEndedAlert)).toBeVisible();
    expect(result.current.list.trades[0]?.status).toBe('OPEN');
  });
});

describe('useTrades, signed in', () => {
  it('a 403 SESSION_ENDED on save shows the server message and adds nothing', async () => {
    signIn();
    const fetch = stubFetch(({ path, method }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades' && method === 'GET') return { status: 200, body: [] };
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/trades' && method === 'POST') {
        return { status: 403, body: errorBody('SESSION_ENDED', 'Server says: session ended') };
      }
      return { status: 404 };
    });
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.list.isLoading).toBe(false));
    let saved = true;
    await act(async () => {
      saved = await result.current.actions.save(longTrade);
    });
    expect(saved).toBe(false);
    expect(await screen.findByText('Server says: session ended')).toBeVisible();
    expect(result.current.list.trades).toEqual([]);
    expect(calls(fetch)).toContain('POST /api/trades');
  });

  it('waits for a bingo write on its way before POSTing the trade (the server snapshots the board)', async () => {
    signIn();
    const order: string[] = [];
    let releasePatch: (reply: MockReply) => void = () => {};
    const board = tickedBoard();
    stubFetch(({ path, method }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/bingo/card') return { status: 200, body: { success: true, data: board } };
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/trades' && method === 'GET') return { status: 200, body: [] };
      if (path.startsWith('/bingo/card/cell/')) {
        order.push('PATCH');
        return new Promise<{ status: number; body?: unknown }>((resolve) => {
          releasePatch = (reply) => {
            order.push('PATCH done');
            resolve(reply as { status: number; body?: unknown });
          };
        });
      }
      if (path === '/trades' && method === 'POST') {
        order.push('POST');
        return { status: 201, body: tradeFixture({ id: 's1' }) };
      }
      return { status: 404 };
    });
    const { result } = renderHookWithProviders(() => ({
      trades: useTradeActions(),
      bingo: useBingoActions(),
      board: useBingoState(),
      list: useTradeList(),
    }));
    await waitFor(() => expect(result.current.list.isLoading).toBe(false));
    await waitFor(() => expect(result.current.board.state).toBeDefined());
    act(() => result.current.bingo.toggle(9));
    await waitFor(() => expect(order).toEqual(['PATCH']));
    let saving: Promise<boolean> = Promise.resolve(false);
    act(() => {
      saving = result.current.trades.save(longTrade);
    });
    // The save has done all it can without the PATCH's answer (the stubbed requests answer
    // without I/O, so one turn of the event loop settles it, however slow the machine).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(order).toEqual(['PATCH']);
    releasePatch({ status: 200, body: { success: true, data: board } });
    await act(async () => {
      await saving;
    });
    expect(order).toEqual(['PATCH', 'PATCH done', 'POST']);
    expect(await screen.findByText(tradeSavedMessage(longTrade))).toBeVisible();
  });

  it('closing a trade stores the trade and the risk state the server returns', async () => {
    signIn();
    const trade: Trade = tradeFixture({ id: 's1', isLong: false });
    const stats = riskStateForDay(defaultRiskState(Date.now()), Date.now(), 'UTC');
    stats.slTaken = 1;
    stats.tradeStreak = -1;
    stubFetch(({ path, method }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades') return { status: 200, body: [trade] };
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/trades/s1/exits' && method === 'POST') {
        return {
          status: 200,
          body: {
            trade: { ...trade, status: 'STOPLOSS_HIT', rMultiple: -1, pnlUsd: -16.39 },
            stats,
          },
        };
      }
      return { status: 404 };
    });
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.list.openCount).toBe(1));
    await act(async () => {
      await result.current.actions.exit('s1', { price: trade.stopLoss });
    });
    await waitFor(() => expect(result.current.list.trades[0]?.status).toBe('STOPLOSS_HIT'));
    expect(result.current.list.trades[0]?.pnlUsd).toBe(-16.39);
    expect(result.current.risk.risk.slTaken).toBe(1);
  });
});
