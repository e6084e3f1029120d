import { act, screen, waitFor } from '@testing-library/react';
import { defaultRiskState, stoplossTexts, type Trade } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { resetLocalJournal } from '../local-store';
import { useRisk } from './use-risk';
import { useTradeActions, useTradeList } from './use-trades';

const useAll = () => ({ list: useTradeList(), actions: useTradeActions(), risk: useRisk() });
const longTrade = { isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130, score: 6 };

beforeEach(() => resetLocalJournal());

describe('useTrades, anonymous', () => {
  it('saves OPEN trades locally, closes them and moves the risk state', () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    const { result } = renderHookWithProviders(useAll);
    act(() => result.current.actions.save(longTrade));
    act(() =>
      result.current.actions.save({ ...longTrade, isLong: false, stopLoss: 120, takeProfit: 90 }),
    );
    expect(result.current.list.openCount).toBe(2);
    const [first, second] = result.current.list.trades;
    expect(first).toMatchObject({ status: 'OPEN', pair: 'BTCUSDT', riskRewardRatio: 2 });

    act(() => result.current.actions.close(second!.id, 'TARGET_HIT'));
    act(() => result.current.actions.close(first!.id, 'STOPLOSS_HIT'));
    expect(result.current.list.openCount).toBe(0);
    expect(result.current.risk.risk).toMatchObject({ slTaken: 1, tradeStreak: 0 });
    expect(result.current.risk.risk.dailyStats).toMatchObject({ trades: 2, wins: 1, losses: 1 });
    const stored = JSON.parse(localStorage.getItem('trades') ?? '[]') as Trade[];
    expect(stored.map((t) => t.status).sort()).toEqual(['STOPLOSS_HIT', 'TARGET_HIT']);

    act(() => result.current.actions.clearHistory());
    expect(result.current.list.trades).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('blocks a fourth stoploss with the session-ended alert', async () => {
    stubFetch(() => ({ status: 500 }));
    const risk = { ...defaultRiskState(Date.now()), slTaken: 3 };
    risk.dailyStats.lastTradeDate = new Date().toISOString().slice(0, 10);
    localStorage.setItem('riskState', JSON.stringify(risk));
    const open: Trade = {
      id: 't1',
      pair: 'BTCUSDT',
      isLong: true,
      entryPrice: 110,
      stopLoss: 100,
      takeProfit: 130,
      riskRewardRatio: 2,
      notes: '',
      status: 'OPEN',
      date: new Date().toISOString(),
      createdAt: new Date().toISOString(),
      profitLoss: null,
      score: null,
    };
    localStorage.setItem('trades', JSON.stringify([open]));
    resetLocalJournal();
    const { result } = renderHookWithProviders(useAll);
    act(() => result.current.actions.close('t1', 'STOPLOSS_HIT'));
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
    act(() => result.current.actions.save(longTrade));
    expect(await screen.findByText('Server says: session ended')).toBeVisible();
    expect(result.current.list.trades).toEqual([]);
    expect(calls(fetch)).toContain('POST /api/trades');
  });

  it('closing a trade stores the trade and the risk state the server returns', async () => {
    signIn();
    const trade: Trade = {
      id: 's1',
      pair: 'ETHUSDT',
      isLong: false,
      entryPrice: 100,
      stopLoss: 110,
      takeProfit: 80,
      riskRewardRatio: 2,
      notes: '',
      status: 'OPEN',
      date: '2026-01-05T10:00:00.000Z',
      createdAt: '2026-01-05T10:00:00.000Z',
      profitLoss: null,
      score: 6,
    };
    const stats = { ...defaultRiskState(Date.now()), slTaken: 1, tradeStreak: -1 };
    stats.dailyStats.lastTradeDate = new Date().toISOString().slice(0, 10);
    stubFetch(({ path }) => {
      if (path === '/users/me') return { status: 200, body: publicUser() };
      if (path === '/trades') return { status: 200, body: [trade] };
      if (path === '/risk-management') return { status: 200, body: defaultRiskState(Date.now()) };
      if (path === '/trades/s1/status') {
        return {
          status: 200,
          body: { trade: { ...trade, status: 'STOPLOSS_HIT', profitLoss: -10 }, stats },
        };
      }
      return { status: 404 };
    });
    const { result } = renderHookWithProviders(useAll);
    await waitFor(() => expect(result.current.list.openCount).toBe(1));
    act(() => result.current.actions.close('s1', 'STOPLOSS_HIT'));
    await waitFor(() => expect(result.current.list.trades[0]?.status).toBe('STOPLOSS_HIT'));
    expect(result.current.risk.risk.slTaken).toBe(1);
  });
});
