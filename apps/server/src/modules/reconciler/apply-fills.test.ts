import type { ExchangeFill } from '@tb/core';
import { describe, expect, it } from 'vitest';
import type { TradeOrdersRow } from '../../db/schema/index.js';
import { matchFills } from './apply-fills.js';

const link: TradeOrdersRow = {
  tradeId: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  connectionId: '00000000-0000-4000-8000-000000000003',
  coin: 'ETH',
  entryCloid: '0xe',
  tpCloid: '0xt',
  slCloid: '0xs',
  entryOid: '10',
  tpOid: '11',
  slOid: '12',
  leverage: 5,
  orderType: 'limit',
  execution: 'open',
  entryFillPx: '3000',
  entryFillSz: '0.3',
  stopPx: null,
  otherExitOids: ['0xclose', '9'],
  createdAt: new Date(0),
};

const fill = (over: Partial<ExchangeFill>): ExchangeFill => ({
  tid: 1,
  oid: '99',
  cloid: null,
  coin: 'ETH',
  side: 'A',
  px: 3100,
  sz: 0.3,
  fee: 0.1,
  closedPnl: 30,
  dir: 'Close Long',
  startPosition: 0.3,
  time: 1,
  ...over,
});

describe('matchFills', () => {
  it.each([
    ['the entry by oid', { oid: '10' }, 'entry'],
    ['the entry by cloid', { cloid: '0xe' }, 'entry'],
    ['the take profit', { oid: '11' }, 'takeProfit'],
    ['the stop', { oid: '12' }, 'stopLoss'],
    ['a replaced stop by oid', { oid: '9' }, 'close'],
    // A close at market is recorded by its cloid before it is sent: a pass that reads its fill
    // before the oid is known still gives it to the trade.
    ['a close at market by the cloid recorded before sending', { cloid: '0xclose' }, 'close'],
  ])('gives %s its role', (_name, over, role) => {
    expect(matchFills([fill(over)], [link])).toEqual([
      { fill: fill(over), tradeId: link.tradeId, role },
    ]);
  });

  it('leaves fills of other orders and other coins unjournaled', () => {
    for (const over of [{ oid: '77' }, { oid: '10', coin: 'BTC' }, { cloid: '0xother' }]) {
      expect(matchFills([fill(over)], [link])[0]).toMatchObject({ tradeId: null, role: null });
    }
  });
});
