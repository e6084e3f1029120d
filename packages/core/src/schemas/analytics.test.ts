import { describe, expect, it } from 'vitest';
import { AnalyticsQuerySchema } from './analytics.js';

describe('AnalyticsQuerySchema', () => {
  it('reads every filter; empty values are no filter', () => {
    expect(
      AnalyticsQuerySchema.parse({
        from: '2026-01-01',
        to: '2026-01-31',
        pair: ' ethusdt ',
        side: 'short',
        board: 'b-1',
        tier: '3',
        source: 'exchange',
      }),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      pair: 'ETHUSDT',
      side: 'short',
      board: 'b-1',
      tier: 3,
      source: 'exchange',
    });
    expect(AnalyticsQuerySchema.parse({ pair: '', from: '', side: '' })).toEqual({});
  });

  it.each([
    [{ from: '2026-13-01' }, 'from', 'From is not a real date'],
    [{ to: '2026-02-30' }, 'to', 'To is not a real date'],
    [{ from: '1/2/2026' }, 'from', 'From must be a date as YYYY-MM-DD'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'to', 'To must be on or after From'],
    [{ side: 'up' }, 'side', 'Side must be long or short'],
    [{ tier: '9' }, 'tier', 'Tier must be 1 to 5'],
    [{ tier: 'x' }, 'tier', 'Tier must be 1 to 5'],
    [{ source: 'broker' }, 'source', 'Source must be journal, exchange or offPlan'],
    [{ pair: 'P'.repeat(31) }, 'pair', 'Pair must be at most 30 characters'],
  ])('refuses %j', (query, path, message) => {
    const issue = AnalyticsQuerySchema.safeParse(query).error?.issues[0];
    expect([issue?.path.join('.'), issue?.message]).toEqual([path, message]);
  });
});
