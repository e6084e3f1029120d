import { describe, expect, it, vi } from 'vitest';
import {
  enableLiveTrading,
  readCurrentExchange,
  readLiveTradingEnabled,
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

  it('enableLiveTrading stores both, and says so only when the browser kept them', () => {
    expect(enableLiveTrading('c2')).toBe(true);
    expect(readLiveTradingEnabled()).toBe(true);
    expect(readCurrentExchange()).toBe('c2');

    localStorage.clear();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(enableLiveTrading('c3')).toBe(false);
    expect(readLiveTradingEnabled()).toBe(false);
  });
});
