import { act, waitFor } from '@testing-library/react';
import { defaultRiskState, price, type RiskState, type Trade } from '@tb/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { LIVE_REFRESH_MS, workingLiveTrades } from '../api';
import { resetLocalJournal } from '../local-store';
import { useRisk } from './use-risk';
import { useTradeList } from './use-trades';

const useBoth = () => ({ list: useTradeList(), risk: useRisk() });

const placed = (execution: 'resting' | 'open' | 'closed'): Trade =>
  tradeFixture({
    live: {
      connectionId: 'c1',
      orders: { entry: '1', takeProfit: '2', stopLoss: '3' },
      leverage: 5,
      orderType: 'limit',
      execution,
      filledPrice: execution === 'resting' ? null : price(61_000),
      filledSize: execution === 'resting' ? null : 0.0164,
      stopPrice: null,
    },
  });

/** A server whose trades and risk state the test changes between reads. */
function server(trades: Trade[]) {
  signIn();
  const state: { trades: Trade[]; risk: RiskState } = {
    trades,
    risk: defaultRiskState(Date.now()),
  };
  const fetch = stubFetch(({ path }) => {
    if (path === '/users/me') return { status: 200, body: publicUser() };
    if (path === '/trades') return { status: 200, body: state.trades };
    if (path === '/risk-management') return { status: 200, body: state.risk };
    return { status: 404 };
  });
  const count = (path: string) => calls(fetch).filter((c) => c === `GET /api${path}`).length;
  return { state, count };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  resetLocalJournal();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('live refresh', () => {
  it('names the trades whose bracket still works', () => {
    expect(workingLiveTrades([tradeFixture(), placed('closed')])).toBe('');
    expect(workingLiveTrades([placed('resting'), tradeFixture({ id: 't2' })])).toBe('t1:resting');
    expect(workingLiveTrades(undefined)).toBe('');
  });

  it('leaves out a placed trade closed here by hand: its orders are no longer watched', () => {
    const byHand = (execution: 'resting' | 'open') => ({
      ...placed(execution),
      status: 'STOPLOSS_HIT' as const,
    });
    expect(workingLiveTrades([byHand('resting'), byHand('open')])).toBe('');
    expect(workingLiveTrades([byHand('open'), { ...placed('open'), id: 't2' }])).toBe('t2:open');
  });

  it('reads the trades and the risk state every 2 s while a bracket works, and stops after', async () => {
    const { state, count } = server([placed('open')]);
    const { result } = renderHookWithProviders(useBoth);
    await waitFor(() => expect(result.current.list.trades).toHaveLength(1));
    await waitFor(() => expect(count('/risk-management')).toBe(1));
    const trades = count('/trades');
    await wait(LIVE_REFRESH_MS + 50);
    await waitFor(() => expect(count('/trades')).toBe(trades + 1));
    await waitFor(() => expect(count('/risk-management')).toBe(2));

    // The exchange closed the trade: the streak moved on the server.
    state.trades = [{ ...placed('closed'), status: 'TARGET_HIT' }];
    state.risk = { ...state.risk, tradeStreak: 1 };
    await wait(LIVE_REFRESH_MS + 50);
    await waitFor(() => expect(result.current.list.trades[0]?.status).toBe('TARGET_HIT'));
    await waitFor(() => expect(result.current.risk.risk.tradeStreak).toBe(1));
    const settled = { trades: count('/trades'), risk: count('/risk-management') };
    await wait(3 * LIVE_REFRESH_MS);
    expect(count('/trades')).toBe(settled.trades);
    expect(count('/risk-management')).toBe(settled.risk);
  });

  it('does not poll a journal without working brackets', async () => {
    const { count } = server([tradeFixture(), placed('closed')]);
    const { result } = renderHookWithProviders(useBoth);
    await waitFor(() => expect(result.current.list.trades).toHaveLength(2));
    await waitFor(() => expect(count('/risk-management')).toBe(1));
    await wait(3 * LIVE_REFRESH_MS);
    expect(count('/trades')).toBe(1);
    expect(count('/risk-management')).toBe(1);
  });
});
