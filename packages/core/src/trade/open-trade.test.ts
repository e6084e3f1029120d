import { describe, expect, it } from 'vitest';
import { applyTradeOutcome } from '../risk/apply-outcome.js';
import { applyRiskSettings, defaultRiskState } from '../risk/risk-state.js';
import type { BingoCell } from '../schemas/bingo.js';
import type { RiskState } from '../schemas/risk.js';
import {
  checkTradeSize,
  entryMarketError,
  openTrade,
  repriceTrade,
  suggestedSizeUsd,
  type OpenTradeRequest,
} from './open-trade.js';

const T0 = Date.parse('2025-03-10T12:00:00Z');
const cells = (ticked: Record<number, [string, number]>): BingoCell[] =>
  Array.from({ length: 25 }, (_, id) => ({
    id,
    title: ticked[id]?.[0] ?? `Cell ${id + 1}`,
    points: ticked[id]?.[1] ?? 1,
    selected: id in ticked,
  }));
const board = cells({ 0: ['Trend agrees', 3], 3: ['Stop below structure', 2], 8: ['Waited', 2] });
const long: OpenTradeRequest = {
  pair: 'ETHUSDT',
  isLong: true,
  stopLoss: 2900,
  entryPrice: 3000,
  takeProfit: 3200,
  notes: 'Breakout retest',
};
const ctx = (risk: RiskState = defaultRiskState(T0)) => ({ risk, cells: board, now: T0 });

describe('openTrade', () => {
  it('records what the trader set up, in money and in R', () => {
    const result = openTrade(long, ctx());
    if (!result.ok) throw new Error(result.message);
    expect(result.value.trade).toEqual({
      pair: 'ETHUSDT',
      isLong: true,
      entryPrice: 3000,
      stopLoss: 2900,
      takeProfit: 3200,
      riskRewardRatio: 2,
      notes: 'Breakout retest',
      score: 7,
      tier: 2,
      cells: [
        { index: 0, title: 'Trend agrees', points: 3 },
        { index: 3, title: 'Stop below structure', points: 2 },
        { index: 8, title: 'Waited', points: 2 },
      ],
      targetManual: false,
      sizeUsd: 1000,
      quantity: 1000 / 3000,
      riskUsd: 33.333333,
      streakAtOpen: 0,
      accountSizeAtOpen: 10000,
      date: '2025-03-10T12:00:00.000Z',
    });
    expect(result.value.risk.dailyStats.trades).toBe(1);
  });

  it.each([
    [
      'short, sized down',
      { ...long, isLong: false, stopLoss: 3100, takeProfit: 2800, sizeUsd: 500 },
      500,
      16.666667,
      2,
    ],
    ['long, a target of another tier is manual', { ...long, takeProfit: 3500 }, 1000, 33.333333, 5],
  ])('%s', (_scenario, request, sizeUsd, riskUsd, rr) => {
    const result = openTrade(request, ctx());
    expect(result.ok && result.value.trade).toMatchObject({
      sizeUsd,
      riskUsd,
      riskRewardRatio: rr,
    });
    expect(result.ok && result.value.trade.targetManual).toBe(request.takeProfit === 3500);
  });

  it('sizes from the streak: a trader may size down, never up', () => {
    const hot = applyTradeOutcome(
      defaultRiskState(T0),
      { status: 'TARGET_HIT', pnlUsd: 50 },
      { now: T0 },
    );
    if (!hot.ok) throw new Error(hot.message);
    expect(suggestedSizeUsd(hot.value)).toBe(1200);
    expect(openTrade({ ...long, sizeUsd: 1300 }, ctx(hot.value))).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message:
        'Trade size $1,300 is above the suggested $1,200 for your streak: size down, never up.',
      field: 'sizeUsd',
    });
    const bigger = applyRiskSettings(defaultRiskState(T0), { baseTradeSize: 2500 }, T0);
    expect(openTrade(long, ctx(bigger)).ok && suggestedSizeUsd(bigger)).toBe(2500);
  });

  it('with an exchange balance, one rule: sized from the balance, which is the account size', () => {
    const hot = applyTradeOutcome(
      defaultRiskState(T0),
      { status: 'TARGET_HIT', pnlUsd: 50 },
      { now: T0 },
    );
    if (!hot.ok) throw new Error(hot.message);
    // The case: streak +1 on a 10,036.94 balance is round(10,036.94 × 12 %) = 1,204,
    // not the stored 1,000 base's 1,200; and the trade records 10,036.94 as its account.
    const withBalance = { ...ctx(hot.value), exchangeBalanceUsd: 10_036.94 };
    expect(suggestedSizeUsd(hot.value, 10_036.94)).toBe(1204);
    const opened = openTrade(long, withBalance);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.value.trade).toMatchObject({ sizeUsd: 1204, accountSizeAtOpen: 10_036.94 });
    expect(openTrade({ ...long, sizeUsd: 1204 }, withBalance).ok).toBe(true);
    expect(openTrade({ ...long, sizeUsd: 1205 }, withBalance)).toMatchObject({
      ok: false,
      message:
        'Trade size $1,205 is above the suggested $1,204 for your streak: size down, never up.',
    });
    // No balance read (null): the stored sizes, as before.
    const stored = openTrade(long, { ...ctx(hot.value), exchangeBalanceUsd: null });
    expect(stored.ok && stored.value.trade).toMatchObject({
      sizeUsd: 1200,
      accountSizeAtOpen: 10_000,
    });
  });
  it('refuses prices in the wrong order and an ended session', () => {
    expect(openTrade({ ...long, isLong: false }, ctx())).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'For a short trade the entry must be below the stoploss',
    });
    let risk = ctx().risk;
    for (let i = 0; i < 3; i += 1) {
      const r = openTrade(long, ctx(risk));
      if (!r.ok) throw new Error(r.message);
      risk = r.value.risk;
    }
    expect(openTrade(long, ctx(risk))).toMatchObject({
      ok: false,
      code: 'SESSION_ENDED',
      details: { reason: 'DAILY_TRADES', reopensAt: '2025-03-11T00:00:00.000Z' },
    });
  });

  it.each([
    [
      'a target more than 100R away',
      { ...long, stopLoss: 2999.99, takeProfit: 4000 },
      'The target is more than 100R away: check the prices',
    ],
    [
      'a short stop above twice the entry',
      { ...long, isLong: false, stopLoss: 6500, takeProfit: 2900 },
      'The stop is more than 100% above the entry: check the prices',
    ],
  ])('refuses levels too far apart to be real: %s', (_scenario, request, message) => {
    expect(openTrade(request, ctx())).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      message,
      field: 'takeProfit',
    });
  });

  it('checkTradeSize: above $0, never above the suggested size', () => {
    expect(checkTradeSize(1000, 1000)).toBeNull();
    expect(checkTradeSize(0, 1000)).toBe('Trade size must be above $0');
    expect(checkTradeSize(1000.5, 1000)).toBe(
      'Trade size $1,000.50 is above the suggested $1,000 for your streak: size down, never up.',
    );
  });

  it('repricing keeps the USD size and recomputes quantity, risk and R/R', () => {
    expect(
      repriceTrade(1000, { isLong: true, stopLoss: 95, entryPrice: 100, takeProfit: 110 }),
    ).toEqual({ riskRewardRatio: 2, quantity: 10, riskUsd: 50 });
  });
});

describe('entry price against the market', () => {
  const btc = { symbol: 'BTC-USD', price: 65_000 };

  it.each([
    [65_000, null],
    [32_500, null],
    [130_000, null],
    [
      32_499,
      'Entry 32,499 is far from the market price of BTC-USD (65,000): enter a price between 32,500 and 130,000 (half to double the market price), or check it for a missing or extra digit.',
    ],
    [
      0.000001,
      'Entry 0.000001 is far from the market price of BTC-USD (65,000): enter a price between 32,500 and 130,000 (half to double the market price), or check it for a missing or extra digit.',
    ],
    [
      650_000,
      'Entry 650,000 is far from the market price of BTC-USD (65,000): enter a price between 32,500 and 130,000 (half to double the market price), or check it for a missing or extra digit.',
    ],
  ])('entry %f → %s', (entry, message) => {
    expect(entryMarketError(entry, btc)).toBe(message);
  });

  it('accepts any entry when the market is unknown', () => {
    expect(entryMarketError(0.000001, null)).toBeNull();
    expect(entryMarketError(0.000001, undefined)).toBeNull();
    expect(entryMarketError(0.000001, { symbol: 'X-USD', price: 0 })).toBeNull();
  });

  it('openTrade refuses an entry far from a known market, on the entry field', () => {
    const far = openTrade(
      { ...long, stopLoss: 29, entryPrice: 30, takeProfit: 32 },
      { ...ctx(), market: { symbol: 'ETH-USD', price: 3000 } },
    );
    expect(far).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', field: 'entryPrice' });
    expect(!far.ok && far.message).toMatch(/^Entry 30 is far from the market price of ETH-USD/);
    expect(openTrade(long, { ...ctx(), market: { symbol: 'ETH-USD', price: 3100 } }).ok).toBe(true);
    expect(openTrade({ ...long, stopLoss: 29, entryPrice: 30, takeProfit: 32 }, ctx()).ok).toBe(
      true,
    );
  });
});
