import { describe, expect, it } from 'vitest';
import { SharedCache } from './cache.js';

function counter<T>(value: T) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n += 1;
    await new Promise((r) => setTimeout(r, 1));
    return value;
  };
  return { calls, load };
}

describe('SharedCache', () => {
  it('shares one load among concurrent callers', async () => {
    const cache = new SharedCache();
    const { calls, load } = counter(42);
    const values = await Promise.all(Array.from({ length: 100 }, () => cache.get('k', 1000, load)));
    expect(values).toEqual(Array(100).fill(42));
    expect(calls.n).toBe(1);
  });

  it('keeps a value for its time-to-live, then loads again', async () => {
    let now = 0;
    const cache = new SharedCache(() => now);
    const { calls, load } = counter('v');
    await cache.get('k', 1000, load);
    now = 999;
    await cache.get('k', 1000, load);
    expect(calls.n).toBe(1);
    now = 1000;
    await cache.get('k', 1000, load);
    expect(calls.n).toBe(2);
  });

  it('does not keep a failure', async () => {
    const cache = new SharedCache();
    let n = 0;
    const flaky = async () => {
      n += 1;
      if (n === 1) throw new Error('down');
      return 'up';
    };
    const first = Promise.all([cache.get('k', 1000, flaky), cache.get('k', 1000, flaky)]);
    await expect(first).rejects.toThrow('down');
    expect(n).toBe(1);
    await expect(cache.get('k', 1000, flaky)).resolves.toBe('up');
  });

  it('keys are independent and the map stays bounded', async () => {
    const cache = new SharedCache(Date.now, 3);
    const loads: string[] = [];
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, 60_000, async () => loads.push(k));
    await cache.get('a', 60_000, async () => loads.push('a again'));
    await cache.get('d', 60_000, async () => loads.push('d again'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a again']);
  });
});
