import type { UserFillsResponse, UserFundingResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.js';
import { USER_FILLS } from '../testing/fixtures.js';
import { toExchangeFills, toFundingPayments } from './fills.js';

/** HYPERLIQUID.md's documented userFills answer: the SDK example fill. */
const documented = USER_FILLS[0];

describe('toExchangeFills', () => {
  it('maps the documented fill: numbers parsed, oid a string, no cloid → null', () => {
    expect(toExchangeFills([documented] as UserFillsResponse)).toEqual([
      {
        tid: 118906512037719,
        oid: '90542681',
        cloid: null,
        coin: 'AVAX',
        side: 'B',
        px: 18.435,
        sz: 93.53,
        fee: 0.01,
        closedPnl: 0,
        dir: 'Open Long',
        startPosition: 26.86,
        time: 1681222254710,
      },
    ]);
  });

  it('keeps the cloid of an order placed with one, and a sell side', () => {
    const cloid = '0x0123456789abcdef0123456789abcdef';
    const [fill] = toExchangeFills([
      { ...documented, side: 'A', cloid, closedPnl: '-1.5', dir: 'Close Long' },
    ] as UserFillsResponse);
    expect(fill).toMatchObject({ cloid, side: 'A', closedPnl: -1.5, dir: 'Close Long' });
  });

  it('orders the fills oldest first, same-time fills by tid', () => {
    const fills = toExchangeFills([
      { ...documented, time: 3, tid: 1 },
      { ...documented, time: 1, tid: 9 },
      { ...documented, time: 1, tid: 5 },
    ] as UserFillsResponse);
    expect(fills.map((f) => [f.time, f.tid])).toEqual([
      [1, 5],
      [1, 9],
      [3, 1],
    ]);
  });

  it('refuses an answer of the wrong shape', () => {
    expect(() => toExchangeFills({} as unknown as UserFillsResponse)).toThrow(ExchangeError);
    expect(() =>
      toExchangeFills([{ ...documented, px: 'x' }] as unknown as UserFillsResponse),
    ).toThrow(ExchangeError);
    expect(() =>
      toExchangeFills([{ ...documented, side: 'X' }] as unknown as UserFillsResponse),
    ).toThrow(ExchangeError);
  });
});

describe('toFundingPayments', () => {
  const update = (time: number, coin: string, usdc: string, szi: string) => ({
    time,
    hash: `0x${'0'.repeat(64)}` as const,
    delta: { type: 'funding' as const, coin, usdc, szi, fundingRate: '0.0000125', nSamples: null },
  });

  it('maps Hyperliquid userFunding updates, oldest first, numbers parsed', () => {
    const answer = [
      update(1_681_927_200_000, 'ETH', '-0.0374', '1.0'),
      update(1_681_923_600_000, 'BTC', '0.81', '-0.01'),
    ] as UserFundingResponse;
    expect(toFundingPayments(answer)).toEqual([
      { coin: 'BTC', time: 1_681_923_600_000, usdc: 0.81, szi: -0.01, fundingRate: 0.0000125 },
      { coin: 'ETH', time: 1_681_927_200_000, usdc: -0.0374, szi: 1, fundingRate: 0.0000125 },
    ]);
  });

  it('refuses an answer that is not a list of updates', () => {
    expect(() => toFundingPayments({} as unknown as UserFundingResponse)).toThrow(ExchangeError);
    const bad = [update(1, 'BTC', 'lots', '1')] as UserFundingResponse;
    expect(() => toFundingPayments(bad)).toThrow(ExchangeError);
  });
});
