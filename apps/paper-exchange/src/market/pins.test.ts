import { describe, expect, it } from 'vitest';
import { MarkPins } from './pins.js';

describe('MarkPins', () => {
  it('answers the pin of the time asked, not only the newest', () => {
    const pins = new MarkPins();
    pins.pin('BTC', 100_000, 1_000);
    pins.pin('BTC', 98_900, 2_000);
    // A request that read its time at 1,500 and ran after the second pin sees 100,000.
    expect(pins.at('BTC', 1_500)).toBe(100_000);
    expect(pins.at('BTC', 2_000)).toBe(98_900);
    expect(pins.at('BTC', 999)).toBeUndefined();
    expect(pins.at('ETH', 2_000)).toBeUndefined();
  });

  it('a release ends the pin from its time on, and counts as a change', () => {
    const pins = new MarkPins();
    pins.pin('BTC', 100_000, 1_000);
    pins.release('BTC', 3_000);
    expect(pins.at('BTC', 2_999)).toBe(100_000);
    expect(pins.at('BTC', 3_000)).toBeUndefined();
    expect(pins.setSince(3_000)).toBe(true);
    expect(pins.setSince(3_001)).toBe(false);
    pins.pin('BTC', 90_000, 4_000);
    expect(pins.at('BTC', 4_500)).toBe(90_000);
  });
});
