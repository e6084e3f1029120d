import { describe, expect, it } from 'vitest';
import { SharedCache } from './cache.js';

/** A check that accepts every answer. */
const same = <T>(answer: T) => answer;

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
    const cache = new SharedCache(() => 0);
    const { calls, load } = counter(42);
    const values = await Promise.all(
      Array.from({ length: 100 }, () => cache.get('k', 1000, load, same)),
    );
    expect(values).toEqual(Array(100).fill(42));
    expect(calls.n).toBe(1);
  });

  it('keeps a value for its time-to-live, then loads again', async () => {
    let now = 0;
    const cache = new SharedCache(() => now);
    const { calls, load } = counter('v');
    await cache.get('k', 1000, load, same);
    now = 999;
    await cache.get('k', 1000, load, same);
    expect(calls.n).toBe(1);
    now = 1000;
    await cache.get('k', 1000, load, same);
    expect(calls.n).toBe(2);
  });

  it('does not keep a failure', async () => {
    const cache = new SharedCache(() => 0);
    let n = 0;
    const flaky = async () => {
      n += 1;
      if (n === 1) throw new Error('down');
      return 'up';
    };
    const first = Promise.all([
      cache.get('k', 1000, flaky, same),
      cache.get('k', 1000, flaky, same),
    ]);
    await expect(first).rejects.toThrow('down');
    expect(n).toBe(1);
    await expect(cache.get('k', 1000, flaky, same)).resolves.toBe('up');
  });

  it('keys are independent and the map stays bounded', async () => {
    const cache = new SharedCache(() => 0, 3);
    const loads: string[] = [];
    for (const k of ['a', 'b', 'c', 'd'])
      await cache.get(k, 60_000, async () => loads.push(k), same);
    await cache.get('a', 60_000, async () => loads.push('a again'), same);
    await cache.get('d', 60_000, async () => loads.push('d again'), same);
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a again']);
  });

  it('does not keep an answer its check refuses, and shares that verdict with every caller', async () => {
    const cache = new SharedCache(() => 0);
    const answers: unknown[] = [{ status: 'err' }, { price: 1 }];
    let loads = 0;
    const load = async () => {
      await new Promise((r) => setTimeout(r, 1));
      return answers[loads++];
    };
    const check = (answer: unknown) => {
      const price = (answer as { price?: unknown }).price;
      if (typeof price !== 'number') throw new Error('malformed');
      return price;
    };
    const first = await Promise.allSettled(
      [1, 2, 3].map(() => cache.get('k', 60_000, load, check)),
    );
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(loads).toBe(1);
    await expect(cache.get('k', 60_000, load, check)).resolves.toBe(1);
    await expect(cache.get('k', 60_000, load, check)).resolves.toBe(1);
    expect(loads).toBe(2);
  });
});
