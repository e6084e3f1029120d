import { describe, expect, it, vi } from 'vitest';
import {
  readCurrentExchange,
  subscribeExchangeState,
  writeCurrentExchange,
  writeLiveTradingEnabled,
} from './exchange-state';

describe('exchange state in the browser', () => {
  it('keeps liveTradingEnabled and currentExchange, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeExchangeState(listener);
    writeLiveTradingEnabled(true);
    writeCurrentExchange('c1');
    expect(localStorage.getItem('liveTradingEnabled')).toBe('true');
    expect(readCurrentExchange()).toBe('c1');
    expect(listener).toHaveBeenCalledTimes(2);
    writeLiveTradingEnabled(false);
    expect(localStorage.getItem('liveTradingEnabled')).toBeNull();
    unsubscribe();
    writeCurrentExchange(null);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
