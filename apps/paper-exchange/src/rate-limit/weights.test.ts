import { describe, expect, it } from 'vitest';
import {
  batchLength,
  exchangeWeight,
  infoWeight,
  itemsWeight,
  WEIGHT_PER_MINUTE,
  weighsItems,
} from './weights.js';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));

describe("Hyperliquid's request weights (HYPERLIQUID.md, rate limits)", () => {
  it('allows 1,200 a minute', () => {
    expect(WEIGHT_PER_MINUTE).toBe(1_200);
  });

  it.each([
    ['l2Book', 2],
    ['allMids', 2],
    ['clearinghouseState', 2],
    ['orderStatus', 2],
    ['spotClearinghouseState', 2],
    ['exchangeStatus', 2],
    ['userRole', 60],
    ['meta', 20],
    ['metaAndAssetCtxs', 20],
    ['openOrders', 20],
    ['frontendOpenOrders', 20],
    ['userFills', 20],
    ['candleSnapshot', 20],
    ['spotMeta', 20],
    ['userRateLimit', 20],
    ['a type nobody knows', 20],
  ])('weighs info %s at %i', (type, weight) => {
    expect(infoWeight({ type, user: '0x0' })).toBe(weight);
  });

  it.each([undefined, null, 'allMids', [{ type: 'allMids' }], { type: 2 }, {}])(
    'weighs a body without a type (%j) as any other read: 20',
    (body) => {
      expect(infoWeight(body)).toBe(20);
    },
  );

  it.each([
    ['userFills', 20],
    ['userFillsByTime', 20],
    ['historicalOrders', 20],
    ['recentTrades', 20],
    ['fundingHistory', 20],
    ['userFunding', 20],
    ['userNonFundingLedgerUpdates', 20],
    ['candleSnapshot', 60],
  ])('adds 1 per %i items %s returns, whole units only', (type, per) => {
    expect(weighsItems(type)).toBe(true);
    expect(itemsWeight(type, [])).toBe(0);
    expect(itemsWeight(type, items(per - 1))).toBe(0);
    expect(itemsWeight(type, items(per))).toBe(1);
    expect(itemsWeight(type, items(2 * per - 1))).toBe(1);
    expect(itemsWeight(type, items(2_000))).toBe(Math.floor(2_000 / per));
  });

  it('adds nothing for the other reads, nor for an answer that is not a list', () => {
    for (const type of ['allMids', 'l2Book', 'openOrders', 'meta', undefined]) {
      expect(weighsItems(type)).toBe(false);
      expect(itemsWeight(type, items(500))).toBe(0);
    }
    expect(itemsWeight('userFills', { error: 'x' })).toBe(0);
    expect(itemsWeight('candleSnapshot', null)).toBe(0);
  });

  it('weighs an /exchange action at 1 + ⌊batch length / 40⌋', () => {
    const order = (n: number) => ({ action: { type: 'order', orders: items(n) }, nonce: 1 });
    expect(exchangeWeight(order(1))).toBe(1);
    expect(exchangeWeight(order(39))).toBe(1);
    expect(exchangeWeight(order(40))).toBe(2);
    expect(exchangeWeight(order(79))).toBe(2);
    expect(exchangeWeight(order(80))).toBe(3);
    expect(exchangeWeight({ action: { type: 'cancel', cancels: items(120) } })).toBe(4);
    expect(exchangeWeight({ action: { type: 'cancelByCloid', cancels: items(40) } })).toBe(2);
    expect(exchangeWeight({ action: { type: 'batchModify', modifies: items(41) } })).toBe(2);
    expect(exchangeWeight({ action: { type: 'updateLeverage', asset: 0 } })).toBe(1);
    expect(exchangeWeight({ action: { type: 'order', orders: 'many' } })).toBe(1);
    expect(exchangeWeight(undefined)).toBe(1);
    expect(exchangeWeight('x')).toBe(1);
    expect(batchLength({ action: null })).toBe(0);
  });
});
