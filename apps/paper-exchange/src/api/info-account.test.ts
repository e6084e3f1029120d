import { formatPrice } from '@nktkas/hyperliquid/utils';
import { describe, expect, it } from 'vitest';
import { T0, exchangeClient, fund, infoClient, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/**
 * The start-up and account /info types real clients ask for (HYPERLIQUID.md, "what real
 * clients call"), through @nktkas/hyperliquid's InfoClient, in Hyperliquid's shapes.
 */

const decimal = expect.stringMatching(/^-?\d+(\.\d+)?$/);
const ZERO_HASH = `0x${'0'.repeat(64)}`;

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  return {
    exchange,
    clock,
    user,
    info: infoClient(exchange),
    trader: exchangeClient(exchange, key, clock),
  };
}

describe('exchange-wide info', () => {
  it('lists no spot pair, USDC as token 0, the default perp dex and a normal status', async () => {
    const { info } = await setUp();
    const spot = await info.spotMeta();
    expect(spot).toEqual({
      universe: [],
      tokens: [
        {
          name: 'USDC',
          szDecimals: 8,
          weiDecimals: 8,
          index: 0,
          tokenId: expect.stringMatching(/^0x[0-9a-f]{32}$/),
          isCanonical: true,
          evmContract: null,
          fullName: null,
          deployerTradingFeeShare: decimal,
        },
      ],
    });
    expect(await info.spotMetaAndAssetCtxs()).toEqual([spot, []]);
    expect(await info.perpDexs()).toEqual([null]);
    expect(await info.exchangeStatus()).toEqual({ time: T0, specialStatuses: null });
  });
});

describe('account info', () => {
  it('a fresh account: base fees, its faucet deposit, the standard abstraction', async () => {
    const { info, user } = await setUp();
    const fees = await info.userFees({ user });
    // Every field of the SDK's UserFeesResponse, and no other.
    expect(fees).toEqual({
      dailyUserVlm: expect.any(Array),
      feeSchedule: {
        cross: '0.00045',
        add: '0.00015',
        spotCross: '0.0007',
        spotAdd: '0.0004',
        tiers: { vip: [], mm: [] },
        referralDiscount: decimal,
        stakingDiscountTiers: [],
      },
      userCrossRate: '0.00045',
      userAddRate: '0.00015',
      userSpotCrossRate: '0.0007',
      userSpotAddRate: '0.0004',
      activeReferralDiscount: decimal,
      trial: null,
      feeTrialEscrow: decimal,
      nextTrialAvailableTimestamp: null,
      stakingLink: null,
      activeStakingDiscount: { bpsOfMaxSupply: decimal, discount: decimal },
    });
    expect(fees.dailyUserVlm).toHaveLength(15);
    expect(fees.dailyUserVlm.at(-1)).toEqual({
      date: '2025-01-06',
      userCross: '0',
      userAdd: '0',
      exchange: '0',
    });
    expect(await info.userNonFundingLedgerUpdates({ user })).toEqual([
      { time: T0, hash: ZERO_HASH, delta: { type: 'deposit', usdc: '10000' } },
    ]);
    expect(await info.userNonFundingLedgerUpdates({ user, startTime: T0 + 1 })).toEqual([]);
    expect(await info.userAbstraction({ user })).toBe('default');
    expect(await info.referral({ user })).toEqual({
      referredBy: null,
      cumVlm: '0',
      unclaimedRewards: '0',
      claimedRewards: '0',
      builderRewards: '0',
      referrerState: { stage: 'needToCreateCode' },
      rewardHistory: [],
      tokenToState: [],
    });
  });

  it('after a trade: volume, fees per day, portfolio value and P/L, the request budget', async () => {
    const { info, trader, user, clock } = await setUp();
    const mid = Number((await info.allMids()).ETH);
    const placed = await trader.order({
      orders: [
        {
          a: 1,
          b: true,
          p: formatPrice(mid * 1.05, 4),
          s: '1',
          r: false,
          t: { limit: { tif: 'Ioc' } },
        },
      ],
      grouping: 'na',
    });
    const { filled } = placed.response.data.statuses[0] as {
      filled: { totalSz: string; avgPx: string };
    };
    const traded = Number(filled.avgPx);
    clock.advance(60_000);

    const fees = await info.userFees({ user });
    expect(Number(fees.dailyUserVlm.at(-1)?.userCross)).toBeCloseTo(traded, 4);
    expect(fees.dailyUserVlm.at(-1)?.userAdd).toBe('0');

    const state = await info.clearinghouseState({ user });
    const value = state.marginSummary.accountValue;
    const folio = await info.portfolio({ user });
    expect(folio.map(([period]) => period)).toEqual([
      'day',
      'week',
      'month',
      'allTime',
      'perpDay',
      'perpWeek',
      'perpMonth',
      'perpAllTime',
    ]);
    for (const [, data] of folio) {
      expect(data.accountValueHistory).toEqual([[clock.ms, value]]);
      expect(Number(data.pnlHistory[0]?.[1])).toBeCloseTo(Number(value) - 10_000, 5);
      expect(Number(data.vlm)).toBeCloseTo(traded, 4);
    }
    const limit = await info.userRateLimit({ user });
    expect(limit).toEqual({
      cumVlm: decimal,
      nRequestsUsed: 0,
      nRequestsCap: 10_000 + Math.floor(Number(limit.cumVlm)),
      nRequestsSurplus: 0,
    });
    expect(Number(limit.cumVlm)).toBeCloseTo(traded, 4);
  });

  it('an address never funded reads as empty, a malformed user as 422', async () => {
    const { info, exchange } = await setUp();
    const stranger = addressOf(randomKey());
    expect(await info.userNonFundingLedgerUpdates({ user: stranger })).toEqual([]);
    const folio = await info.portfolio({ user: stranger });
    expect(folio[3]).toEqual(['allTime', { accountValueHistory: [], pnlHistory: [], vlm: '0' }]);
    expect((await exchange.info({ type: 'userFees', user: '0x12' })).status).toBe(422);
  });
});

describe('info for what the paper exchange does not have', () => {
  it('answers as Hyperliquid does for a user who has none of it', async () => {
    const { info, user } = await setUp();
    expect(await info.subAccounts({ user })).toBeNull();
    expect(await info.userTwapSliceFills({ user })).toEqual([]);
    expect(await info.twapHistory({ user })).toEqual([]);
    expect(await info.userVaultEquities({ user })).toEqual([]);
    expect(await info.delegations({ user })).toEqual([]);
    expect(await info.delegatorSummary({ user })).toEqual({
      delegated: '0',
      undelegated: '0',
      totalPendingWithdrawal: '0',
      nPendingWithdrawals: 0,
    });
    expect(await info.delegatorRewards({ user })).toEqual([]);
    expect(await info.delegatorHistory({ user })).toEqual([]);
    expect(await info.userToMultiSigSigners({ user })).toBeNull();
    expect(await info.userDexAbstraction({ user })).toBe(false);
    expect(await info.maxBuilderFee({ user, builder: addressOf(randomKey()) })).toBe(0);
    expect(await info.perpsAtOpenInterestCap()).toEqual([]);
  });

  it('predicts the next hour funding of every perp, as metaAndAssetCtxs shows it', async () => {
    const { info } = await setUp();
    const [meta, ctxs] = await info.metaAndAssetCtxs();
    const predicted = await info.predictedFundings();
    expect(predicted).toEqual(
      meta.universe.map((asset, i) => [
        asset.name,
        [
          [
            'HlPerp',
            {
              fundingRate: ctxs[i]?.funding,
              nextFundingTime: T0 + 3_600_000,
              fundingIntervalHours: 1,
            },
          ],
        ],
      ]),
    );
  });
});
