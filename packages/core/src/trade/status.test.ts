import { describe, expect, it } from 'vitest';
import {
  canChangeTrade,
  clearTradeHistory,
  countOpenTrades,
  sortTradesForDisplay,
  tradeStatusLabel,
  type TradeStatus,
} from './status.js';

describe('tradeStatusLabel / canChangeTrade', () => {
  it.each([
    ['OPEN', 'OPEN', true],
    ['TARGET_HIT', 'WIN', false],
    ['STOPLOSS_HIT', 'LOSS', false],
  ] as const)('%s shows %s', (status, label, changeable) => {
    expect(tradeStatusLabel(status)).toBe(label);
    expect(canChangeTrade(status)).toBe(changeable);
  });
});

describe('sortTradesForDisplay', () => {
  const t = (id: string, status: TradeStatus, createdAt: string | number) => ({
    id,
    status,
    createdAt,
  });

  it('puts OPEN trades first, each group newest first', () => {
    const trades = [
      t('old-win', 'TARGET_HIT', '2025-01-01T10:00:00Z'),
      t('old-open', 'OPEN', '2025-01-01T09:00:00Z'),
      t('new-loss', 'STOPLOSS_HIT', '2025-01-03T10:00:00Z'),
      t('new-open', 'OPEN', Date.parse('2025-01-02T10:00:00Z')),
    ];
    expect(sortTradesForDisplay(trades).map((x) => x.id)).toEqual([
      'new-open',
      'old-open',
      'new-loss',
      'old-win',
    ]);
    expect(trades[0]?.id).toBe('old-win');
  });

  it('keeps input order on ties and puts unreadable times last', () => {
    const trades = [t('a', 'OPEN', 'garbage'), t('b', 'OPEN', 5), t('c', 'OPEN', 5)];
    expect(sortTradesForDisplay(trades).map((x) => x.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('clearTradeHistory / countOpenTrades', () => {
  const trades = [
    { id: 1, status: 'OPEN' as const },
    { id: 2, status: 'TARGET_HIT' as const },
    { id: 3, status: 'STOPLOSS_HIT' as const },
    { id: 4, status: 'OPEN' as const },
  ];

  it('clearing history keeps only OPEN trades', () => {
    expect(clearTradeHistory(trades).map((x) => x.id)).toEqual([1, 4]);
  });

  it('counts the open trades for the history button', () => {
    expect(countOpenTrades(trades)).toBe(2);
    expect(countOpenTrades([])).toBe(0);
  });
});
