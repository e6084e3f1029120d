import { describe, expect, it } from 'vitest';
import { defaultRiskState } from '../risk/risk-state.js';
import {
  CreateTradeRequestSchema,
  ImportTradesRequestSchema,
  TradeListResponseSchema,
  TradeStatusRequestSchema,
  TradeWithStatsResponseSchema,
  UpdateTradeRequestSchema,
} from './trades.js';

const long = { isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };

describe('CreateTradeRequestSchema', () => {
  it('saves a new trade as OPEN with the default pair and empty notes', () => {
    expect(CreateTradeRequestSchema.parse(long)).toEqual({
      ...long,
      pair: 'BTCUSDT',
      notes: '',
      status: 'OPEN',
    });
  });

  it('takes an optional live order: limit or market, a whole leverage from 1 to 100', () => {
    expect(
      CreateTradeRequestSchema.parse({ ...long, order: { type: 'market', leverage: 20 } }).order,
    ).toEqual({ type: 'market', leverage: 20 });
    const message = (order: unknown) =>
      CreateTradeRequestSchema.safeParse({ ...long, order }).error?.issues[0]?.message;
    expect(message({ type: 'stop', leverage: 5 })).toBe('Order type must be limit or market');
    expect(message({ type: 'limit', leverage: 0 })).toBe('Leverage must be at least 1');
    expect(message({ type: 'limit', leverage: 101 })).toBe('Leverage must be at most 100');
    expect(message({ type: 'limit', leverage: 2.5 })).toBe('Leverage must be a whole number');
    expect(message({ type: 'limit' })).toBe('Leverage is required');
  });

  it('upper-cases the pair and keeps score and R/R', () => {
    expect(
      CreateTradeRequestSchema.parse({ ...long, pair: ' ethusdt ', score: 12, riskRewardRatio: 2 }),
    ).toMatchObject({ pair: 'ETHUSDT', score: 12, riskRewardRatio: 2 });
  });

  it.each([
    [
      'a long with entry below the stoploss',
      { ...long, stopLoss: 110 },
      'entryPrice',
      'For a long trade the entry must be above the stoploss',
    ],
    [
      'a long with the target below the entry',
      { ...long, takeProfit: 95 },
      'takeProfit',
      'For a long trade the target must be above the entry',
    ],
    [
      'a short with the target above the entry',
      { isLong: false, entryPrice: 100, stopLoss: 110, takeProfit: 105 },
      'takeProfit',
      'For a short trade the target must be below the entry',
    ],
    [
      'a missing entry',
      { isLong: true, stopLoss: 90, takeProfit: 120 },
      'entryPrice',
      'Entry is required',
    ],
    ['a text price', { ...long, stopLoss: 'ninety' }, 'stopLoss', 'Stoploss must be a number'],
    [
      'a closed status',
      { ...long, status: 'TARGET_HIT' },
      'status',
      'A new trade is saved as OPEN',
    ],
    [
      'a pair with spaces',
      { ...long, pair: 'BTC USDT' },
      'pair',
      'Pair may contain only letters, digits and / : . _ -',
    ],
    [
      'notes too long',
      { ...long, notes: 'n'.repeat(2001) },
      'notes',
      'Notes must be at most 2000 characters',
    ],
  ])('refuses %s', (_scenario, input, path, message) => {
    const issue = CreateTradeRequestSchema.safeParse(input).error?.issues[0];
    expect([issue?.path.join('.'), issue?.message]).toEqual([path, message]);
  });
});

describe('update and status', () => {
  it('update keeps prices and drops status and P/L', () => {
    const parsed = UpdateTradeRequestSchema.parse({
      ...long,
      status: 'TARGET_HIT',
      profitLoss: 5,
      notes: 'x',
    });
    expect(parsed).toEqual({ ...long, pair: 'BTCUSDT', notes: 'x' });
  });

  it.each([
    [{ status: 'TARGET_HIT', profitLoss: 20 }, true],
    [{ status: 'STOPLOSS_HIT' }, true],
    [{ status: 'OPEN', profitLoss: 0 }, false],
    [{ status: 'TARGET_HIT', profitLoss: 'lots' }, false],
  ])('status body %j → %s', (input, ok) => {
    expect(TradeStatusRequestSchema.safeParse(input).success).toBe(ok);
  });

  it('describes the trade-and-stats answer', () => {
    const trade = {
      id: 't1',
      pair: 'BTCUSDT',
      ...long,
      riskRewardRatio: 2,
      notes: '',
      status: 'TARGET_HIT',
      date: '2025-03-10T12:00:00.000Z',
      createdAt: '2025-03-10T12:00:00.000Z',
      profitLoss: 20,
      score: 7,
      tier: 2,
      cells: [{ index: 3, title: 'Stop below structure', points: 2 }],
      targetManual: false,
      sizeUsd: 1000,
      quantity: 10,
      riskUsd: 100,
      sizeEstimated: false,
      streakAtOpen: 0,
      accountSizeAtOpen: 10000,
      exits: [],
      exitPrice: 120,
      rMultiple: 2,
      pnlUsd: 200,
      closedAt: '2025-03-10T14:00:00.000Z',
      verified: true,
      feesUsd: 1.25,
      fundingUsd: -0.13,
      imported: false,
      offPlan: false,
      mfeR: 2.4,
      maeR: -0.35,
    };
    expect(
      TradeWithStatsResponseSchema.safeParse({ trade, stats: defaultRiskState(0) }).success,
    ).toBe(true);
    expect(TradeListResponseSchema.parse([trade])).toEqual([trade]);
    const live = {
      connectionId: '7f3c2a9e-2b1d-4c8e-9f0a-1b2c3d4e5f60',
      orders: { entry: '12', takeProfit: '13', stopLoss: null },
      leverage: 5,
      orderType: 'limit',
      execution: 'open',
      filledPrice: 100,
      filledSize: 10,
      stopPrice: null,
    };
    expect(TradeListResponseSchema.parse([{ ...trade, live }])).toEqual([{ ...trade, live }]);
    expect(
      TradeListResponseSchema.safeParse([{ ...trade, live: { ...live, orderType: 'stop' } }])
        .success,
    ).toBe(false);
    expect(TradeListResponseSchema.safeParse([{ ...trade, status: 'WIN' }]).success).toBe(false);
    // A trade stored before verification existed (the local journal) reads as unverified.
    const { verified: _v, feesUsd: _f, fundingUsd: _u, ...older } = trade;
    expect(TradeListResponseSchema.parse([older])[0]).toMatchObject({
      verified: false,
      feesUsd: null,
      fundingUsd: null,
    });
  });
});

describe('ImportTradesRequestSchema', () => {
  const imported = {
    ...{ isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120, status: 'OPEN' },
    ...{ date: '2025-03-10T12:00:00.000Z', sizeUsd: 500 },
    cells: [{ index: 3, title: 'Plan', points: 2 }],
  };
  const messageOf = (trade: object) =>
    ImportTradesRequestSchema.safeParse({ trades: [{ ...imported, ...trade }] }).error?.issues[0]
      ?.message;

  it('names the cell index and the streak in sentences (issue 29: not the parser words)', () => {
    expect(messageOf({})).toBeUndefined();
    const cell = (index: number) => ({ cells: [{ index, title: 'Plan', points: 2 }] });
    expect(messageOf(cell(0.5))).toBe('Cell index must be a whole number');
    expect(messageOf(cell(25))).toBe('Cell index must be at most 24');
    expect(messageOf(cell(-1))).toBe('Cell index must be at least 0');
    expect(messageOf({ streakAtOpen: 4 })).toBe('Streak must be at most 3');
    expect(messageOf({ streakAtOpen: 0.5 })).toBe('Streak must be a whole number');
  });
});
