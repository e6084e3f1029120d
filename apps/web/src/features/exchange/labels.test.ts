import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { connectionLabel, isTimeoutError } from './labels';

describe('connectionLabel', () => {
  it.each([
    ['mainnet', 'Hyperliquid'],
    ['testnet', 'Hyperliquid · Testnet'],
    ['paper', 'Hyperliquid · Paper'],
    [undefined, 'Hyperliquid'],
  ] as const)('%s -> %s', (network, label) => {
    expect(connectionLabel({ name: 'Hyperliquid', network })).toBe(label);
  });
});

describe('isTimeoutError', () => {
  it.each([
    [new ApiError({ status: 0, code: 'TIMEOUT', message: 'The request timed out' }), true],
    [
      new ApiError({
        status: 504,
        code: 'EXCHANGE_TIMEOUT',
        message: 'Failed to fetch account data',
      }),
      true,
    ],
    [
      new ApiError({ status: 502, code: 'EXCHANGE_ERROR', message: 'Failed: request timed out' }),
      true,
    ],
    [
      new ApiError({
        status: 502,
        code: 'EXCHANGE_ERROR',
        message: 'Failed to fetch account data',
      }),
      false,
    ],
    [new Error('timed out'), false],
  ])('%s -> %s', (error, expected) => {
    expect(isTimeoutError(error)).toBe(expected);
  });
});
