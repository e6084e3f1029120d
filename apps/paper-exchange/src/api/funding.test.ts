import type { FundingHistoryResponse, UserFundingResponse } from '@nktkas/hyperliquid/api/info';
import { formatPrice } from '@nktkas/hyperliquid/utils';
import { describe, expect, it } from 'vitest';
import { exchangeClient, fund, infoClient, openTestExchange, T0 } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/** userFunding, fundingHistory and the funding of metaAndAssetCtxs, through the SDK. */

const HOUR = 3_600_000;
const ZERO_HASH = `0x${'0'.repeat(64)}`;
const decimal = expect.stringMatching(/^-?\d+(\.\d+)?$/);

/** An account holding `sz` ETH (negative: short) bought at T0 with ETH pinned at 3,000. */
async function setUp(sz: number, pinned: Record<string, number> = { ETH: 3_000 }) {
  const { exchange, clock } = await openTestExchange();
  for (const [coin, px] of Object.entries(pinned)) {
    expect((await exchange.pinMark({ coin, px })).status).toBe(200);
  }
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const client = exchangeClient(exchange, key, clock);
  const open = (a: number, size: number, px: number) =>
    client.order({
      orders: [
        {
          a,
          b: size > 0,
          p: formatPrice(size > 0 ? px * 1.01 : px * 0.99, a === 0 ? 5 : 4),
          s: String(Math.abs(size)),
          r: false,
          t: { limit: { tif: 'Ioc' } },
        },
      ],
      grouping: 'na',
    });
  const placed = await open(1, sz, pinned.ETH ?? 3_000);
  expect(placed.response.data.statuses[0]).toHaveProperty('filled');
  return { exchange, clock, user, info: infoClient(exchange), open };
}

describe('funding through the SDK', () => {
  it('userFunding lists what a long paid each hour, and the account value shows it', async () => {
    const { clock, user, info } = await setUp(1);
    const before = await info.clearinghouseState({ user });
    clock.advance(2 * HOUR + 60_000);
    const entries: UserFundingResponse = await info.userFunding({ user, startTime: T0 });
    const entry = (time: number) => ({
      time,
      hash: ZERO_HASH,
      delta: {
        type: 'funding',
        coin: 'ETH',
        usdc: '-0.0375',
        szi: '1',
        fundingRate: '0.0000125',
        nSamples: null,
      },
    });
    expect(entries).toEqual([entry(T0 + HOUR), entry(T0 + 2 * HOUR)]);

    const after = await info.clearinghouseState({ user });
    const paid =
      Number(before.marginSummary.accountValue) - Number(after.marginSummary.accountValue);
    expect(paid).toBeCloseTo(2 * 1 * 3_000 * 0.0000125, 9);
    expect(after.assetPositions[0]?.position.cumFunding).toEqual({
      allTime: '0.075',
      sinceOpen: '0.075',
      sinceChange: '0.075',
    });

    // The range is inclusive at both ends; endTime defaults to now.
    const second = await info.userFunding({ user, startTime: T0 + HOUR + 1 });
    expect(second).toEqual([entry(T0 + 2 * HOUR)]);
    const first = await info.userFunding({ user, startTime: T0, endTime: T0 + HOUR });
    expect(first).toEqual([entry(T0 + HOUR)]);
    expect(await info.userFunding({ user, startTime: T0 + 3 * HOUR })).toEqual([]);
    // A never-funded address (or an agent) has none.
    expect(await info.userFunding({ user: addressOf(randomKey()), startTime: 0 })).toEqual([]);
  });

  it('a short receives', async () => {
    const { clock, user, info } = await setUp(-2);
    clock.advance(HOUR);
    const entries = await info.userFunding({ user, startTime: T0 });
    expect(entries.map((e) => [e.time, e.delta.usdc, e.delta.szi])).toEqual([
      [T0 + HOUR, '0.075', '-2'],
    ]);
  });

  it('answers at most 500, oldest first, and follows the price path when not pinned', async () => {
    const { clock, user, info, open } = await setUp(1);
    const mids = await info.allMids();
    const placed = await open(0, 0.001, Number(mids.BTC));
    expect(placed.response.data.statuses[0]).toHaveProperty('filled');
    clock.advance(300 * HOUR);
    const entries = await info.userFunding({ user, startTime: 0 });
    expect(entries).toHaveLength(500);
    expect(entries[0]?.time).toBe(T0 + HOUR);
    expect(entries.slice(0, 2).map((e) => e.delta.coin)).toEqual(['BTC', 'ETH']);
    for (let i = 1; i < entries.length; i += 1) {
      expect(entries[i]!.time).toBeGreaterThanOrEqual(entries[i - 1]!.time);
    }
    const btc = entries.filter((e) => e.delta.coin === 'BTC');
    expect(new Set(btc.map((e) => e.delta.fundingRate)).size).toBeGreaterThan(10);
    for (const { delta } of btc) {
      expect(delta).toEqual({
        type: 'funding',
        coin: 'BTC',
        usdc: decimal,
        szi: '0.001',
        fundingRate: decimal,
        nSamples: null,
      });
      expect(Math.abs(Number(delta.fundingRate))).toBeLessThanOrEqual(0.0005);
    }
    const rest = await info.userFunding({ user, startTime: (entries.at(-1)?.time ?? 0) + 1 });
    expect(rest).toHaveLength(600 - 500);
  });

  it('fundingHistory lists the rate of each whole hour, and the asset context the current one', async () => {
    const { clock, info } = await setUp(1);
    clock.advance(2 * HOUR + 5 * 60_000);
    const pinned: FundingHistoryResponse = await info.fundingHistory({
      coin: 'ETH',
      startTime: T0 - 1,
    });
    expect(pinned).toEqual(
      [T0, T0 + HOUR, T0 + 2 * HOUR].map((time) => ({
        coin: 'ETH',
        fundingRate: '0.0000125',
        premium: '0',
        time,
      })),
    );
    const [, ctxs] = await info.metaAndAssetCtxs();
    expect(ctxs[1]).toMatchObject({ funding: '0.0000125', premium: '0' });

    const day = await info.fundingHistory({
      coin: 'BTC',
      startTime: T0 - 24 * HOUR + 1,
      endTime: T0,
    });
    expect(day.map((r) => r.time)).toEqual(
      Array.from({ length: 24 }, (_, k) => T0 - 23 * HOUR + k * HOUR),
    );
    for (const rate of day) {
      expect(rate).toEqual({
        coin: 'BTC',
        fundingRate: decimal,
        premium: decimal,
        time: rate.time,
      });
      expect(Number(rate.fundingRate)).toBeCloseTo(0.0000125 + Number(rate.premium), 8);
    }
    const long = await info.fundingHistory({ coin: 'BTC', startTime: T0 - 1000 * HOUR });
    expect(long).toHaveLength(500);
    expect(long[0]?.time).toBe(T0 - 1000 * HOUR);
    // Never the future; an unknown coin has none.
    expect(await info.fundingHistory({ coin: 'BTC', startTime: clock.ms + 1 })).toEqual([]);
    expect(await info.fundingHistory({ coin: 'NOPE', startTime: T0 })).toEqual([]);
  });
});
