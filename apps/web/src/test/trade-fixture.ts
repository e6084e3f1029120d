import { price, rMultiple, usd, type Trade } from '@tb/core';

/**
 * A journal trade as the server returns it (tests only): by default an OPEN long
 * BTCUSDT, entry 61,000, stop 60,000, target 64,000 (3R), $1,000; override any field.
 */
export function tradeFixture(overrides: Partial<Trade> = {}): Trade {
  return {
    id: 't1',
    pair: 'BTCUSDT',
    isLong: true,
    entryPrice: price(61_000),
    stopLoss: price(60_000),
    takeProfit: price(64_000),
    riskRewardRatio: 3,
    notes: '',
    status: 'OPEN',
    date: '2026-01-05T10:00:00.000Z',
    createdAt: '2026-01-05T10:00:00.000Z',
    profitLoss: null,
    score: 11,
    tier: 3,
    cells: [],
    targetManual: false,
    sizeUsd: usd(1000),
    quantity: 1000 / 61_000,
    riskUsd: usd(16.393443),
    sizeEstimated: false,
    streakAtOpen: 0,
    accountSizeAtOpen: usd(10_000),
    exits: [],
    exitPrice: null,
    rMultiple: null,
    pnlUsd: null,
    closedAt: null,
    verified: false,
    feesUsd: null,
    fundingUsd: null,
    imported: false,
    offPlan: false,
    mfeR: null,
    maeR: null,
    ...overrides,
  };
}

/** The same trade closed at its target: +3R, +$49.18 on $1,000. */
export function wonTradeFixture(overrides: Partial<Trade> = {}): Trade {
  return tradeFixture({
    status: 'TARGET_HIT',
    profitLoss: 3000,
    exitPrice: price(64_000),
    rMultiple: rMultiple(3),
    pnlUsd: usd(49.180328),
    closedAt: '2026-01-05T12:00:00.000Z',
    ...overrides,
  });
}
