import { describe, expect, it } from 'vitest';
import { defaultRiskState } from '../risk/risk-state.js';
import { RiskSettingsRequestSchema, RiskStateSchema, RiskUpdateRequestSchema } from './risk.js';

describe('risk schemas', () => {
  it('the default state is valid', () => {
    expect(RiskStateSchema.safeParse(defaultRiskState(0)).success).toBe(true);
  });

  it('accepts sums beyond any single amount (a long journal never breaks the answer)', () => {
    const state = defaultRiskState(0);
    const big = {
      ...state,
      totalStats: { ...state.totalStats, totalReward: 5e12, totalGain: 5e12 },
    };
    expect(RiskStateSchema.safeParse(big).success).toBe(true);
  });

  it.each([
    ['a streak beyond 3', { tradeStreak: 4 }, 'Trade streak must be at most 3'],
    ['more than 3 stoplosses', { slTaken: 4 }, 'Stoplosses taken must be at most 3'],
    [
      'a bad last update',
      { lastUpdate: 'yesterday' },
      'Must be a date and time in ISO 8601 format',
    ],
  ])('the state refuses %s', (_scenario, patch, message) => {
    expect(
      RiskStateSchema.safeParse({ ...defaultRiskState(0), ...patch }).error?.issues[0]?.message,
    ).toBe(message);
  });

  it.each([
    [{ status: 'TARGET_HIT', profitLoss: 20 }, null],
    [{ status: 'STOPLOSS_HIT', profitLoss: -10 }, null],
    [{ status: 'OPEN', profitLoss: 0 }, 'Status must be TARGET_HIT or STOPLOSS_HIT'],
    [{ status: 'TARGET_HIT' }, 'Profit/loss is required'],
    [{ status: 'TARGET_HIT', profitLoss: null }, 'Profit/loss must be a number'],
    [
      { status: 'TARGET_HIT', profitLoss: -5 },
      'A target hit cannot lose money and a stoploss hit cannot make money',
    ],
    [
      { status: 'STOPLOSS_HIT', profitLoss: 5 },
      'A target hit cannot lose money and a stoploss hit cannot make money',
    ],
    [{ status: 'TARGET_HIT', profitLoss: 2e9 }, 'Profit/loss is too large'],
  ])('update %j', (input, message) => {
    expect(RiskUpdateRequestSchema.safeParse(input).error?.issues[0]?.message ?? null).toBe(
      message,
    );
  });

  it.each([
    [{ accountSize: 25000, baseTradeSize: 2500 }, null],
    [{ accountSize: 0, baseTradeSize: 2500 }, 'Account size must be greater than 0'],
    [{ accountSize: 1000, baseTradeSize: '100' }, 'Trade size must be a number'],
  ])('settings %j', (input, message) => {
    expect(RiskSettingsRequestSchema.safeParse(input).error?.issues[0]?.message ?? null).toBe(
      message,
    );
  });
});
