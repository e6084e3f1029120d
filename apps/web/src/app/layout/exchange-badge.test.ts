import { describe, expect, it } from 'vitest';
import { exchangeLabel } from './exchange-badge';

describe('exchangeLabel', () => {
  it.each([
    [null, null],
    ['', null],
    ['hyperliquid', 'hyperliquid'],
    ['"hyperliquid"', 'hyperliquid'],
    ['{"id":"hyperliquid","name":"Hyperliquid"}', 'Hyperliquid'],
    ['{"id":"hyperliquid"}', 'hyperliquid'],
    ['{}', null],
  ])('%s -> %s', (raw, label) => {
    expect(exchangeLabel(raw)).toBe(label);
  });
});
