import type {
  ClearinghouseStateResponse,
  FrontendOpenOrdersResponse,
  SpotClearinghouseStateResponse,
} from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.js';
import { CLEARINGHOUSE_STATE, FRONTEND_OPEN_ORDERS, SPOT_STATE } from '../testing/fixtures.js';
import { orderTypeOf, toBalance, toOpenOrders, toPositions } from './account.js';

const perp = CLEARINGHOUSE_STATE as ClearinghouseStateResponse;
const spot = SPOT_STATE as SpotClearinghouseStateResponse;
const position = CLEARINGHOUSE_STATE.assetPositions[0]!.position;
const withPosition = (changes: Record<string, unknown>) =>
  ({
    ...perp,
    assetPositions: [{ type: 'oneWay', position: { ...position, ...changes } }],
  }) as ClearinghouseStateResponse;

describe('toBalance', () => {
  it.each([
    {
      scenario: 'perp margin account plus spot coins with a balance',
      spot,
      expected: {
        total: { USDC: 1182.31, PURR: 100 },
        used: { USDC: 171.7, PURR: 25.5 },
        free: { USDC: 1010.57, PURR: 74.5 },
        info: { usdcValue: 1182.31 },
      },
    },
    {
      scenario: 'no spot answer',
      spot: null,
      expected: {
        total: { USDC: 1182.31 },
        used: { USDC: 171.7 },
        free: { USDC: 1010.57 },
        info: { usdcValue: 1182.31 },
      },
    },
  ])('$scenario', ({ spot, expected }) => {
    expect(toBalance(perp, spot)).toEqual(expected);
  });

  it('refuses an answer without a margin summary', () => {
    expect(() => toBalance({} as ClearinghouseStateResponse, null)).toThrow(ExchangeError);
  });
});

describe('toPositions', () => {
  it.each([
    {
      scenario: 'short from the SDK example (negative szi)',
      state: perp,
      expected: {
        symbol: 'BTC-USD',
        side: 'short',
        size: 0.00785,
        entryPrice: 26951,
        markPrice: 26960.5095541,
        unrealizedPnl: -0.08,
        pnlPercentage: -0.75,
        liquidationPrice: 173198.69,
        margin: 10.58,
        leverage: 20,
        leverageType: 'cross',
      },
    },
    {
      scenario: 'isolated long without a liquidation price',
      state: withPosition({
        szi: '2',
        positionValue: '200',
        liquidationPx: null,
        leverage: { type: 'isolated', value: 5, rawUsd: '10' } as never,
      }),
      expected: expect.objectContaining({
        side: 'long',
        size: 2,
        markPrice: 100,
        liquidationPrice: null,
        leverage: 5,
        leverageType: 'isolated',
      }),
    },
  ])('$scenario', ({ state, expected }) => {
    expect(toPositions(state)).toEqual([expected]);
  });

  it('leaves flat entries out', () => {
    expect(toPositions(withPosition({ szi: '0.0' }))).toEqual([]);
  });
});

describe('toOpenOrders', () => {
  const assetIds = new Map([
    ['BTC', 0],
    ['kPEPE', 2],
  ]);
  it('maps a partly filled limit buy and a trigger market sell', () => {
    expect(toOpenOrders(FRONTEND_OPEN_ORDERS as FrontendOpenOrdersResponse, assetIds)).toEqual([
      {
        id: '62269698',
        timestamp: 1679940200665,
        orderType: 'limit',
        symbol: 'BTC-USD',
        assetId: 0,
        side: 'buy',
        size: 0.006,
        filled: 0.004,
        value: 161.826,
        price: 26971,
        reduceOnly: true,
        status: 'open',
      },
      {
        id: '7',
        timestamp: 1679940200665,
        orderType: 'market',
        symbol: 'kPEPE-USD',
        assetId: 2,
        side: 'sell',
        size: 12.5,
        filled: 0,
        value: 125.05,
        price: 10.004,
        reduceOnly: true,
        status: 'open',
      },
    ]);
  });

  it.each([
    ['Limit', 'limit'],
    ['Market', 'market'],
    ['Stop Market', 'market'],
    ['Take Profit Limit', 'limit'],
    [null, 'limit'],
  ])('order type %s → %s', (raw, expected) => {
    expect(orderTypeOf(raw)).toBe(expected);
  });
});
