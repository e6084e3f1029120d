import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TradeListCache } from './trade-list-cache.js';
import { etagMatches, pickEncoding } from './trade-list.js';

const json = (bytes: number) => Buffer.from(`[${'1,'.repeat((bytes - 3) / 2)}1]`);

describe('TradeListCache', () => {
  it("gives a trader's list back at its version only", () => {
    const cache = new TradeListCache(1000);
    const kept = cache.put('alice', 'v1', json(101));
    expect(cache.get('alice', 'v1')).toBe(kept);
    expect(cache.get('alice', 'v2')).toBeUndefined();
    expect(cache.get('bob', 'v1')).toBeUndefined();
    cache.put('alice', 'v2', json(201));
    expect(cache.get('alice', 'v1')).toBeUndefined();
    expect(cache.stats).toEqual({ bytes: 201, users: 1 });
  });

  it('drops the least recently read traders past its budget in bytes', () => {
    const cache = new TradeListCache(500);
    cache.put('a', 'v', json(201));
    cache.put('b', 'v', json(201));
    cache.get('a', 'v');
    cache.put('c', 'v', json(201));
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    expect(cache.get('c', 'v')).toBeDefined();
    expect(cache.stats).toEqual({ bytes: 402, users: 2 });
  });

  it('serves a list larger than the budget without keeping it', async () => {
    const cache = new TradeListCache(500);
    cache.put('a', 'v', json(201));
    const big = cache.put('b', 'v', json(601));
    expect(JSON.parse((await cache.body(big, 'identity')).toString())).toHaveLength(300);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.stats).toEqual({ bytes: 0, users: 0 });
  });

  it('compresses once per entry and counts the compressed bytes', async () => {
    const cache = new TradeListCache(100_000);
    const entry = cache.put('a', 'v', json(20_001));
    const [one, two] = await Promise.all([cache.body(entry, 'gzip'), cache.body(entry, 'gzip')]);
    expect(one).toBe(two);
    expect(gunzipSync(one).equals(entry.json)).toBe(true);
    expect(cache.stats.bytes).toBe(20_001 + one.length);
  });
});

describe('the trade list headers', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br, gzip', 'gzip'],
    ['br', 'br'],
    ['GZIP;Q=0, br;q=0.1', 'br'],
    ['*', 'gzip'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
  ] as const)('Accept-Encoding %s: %s', (header, encoding) => {
    expect(pickEncoding(header, 5000)).toBe(encoding);
  });

  it('sends a list under 1 KB as it is', () => {
    expect(pickEncoding('gzip', 1023)).toBe('identity');
  });

  it.each([
    ['W/"u.v.f"', true],
    ['"u.v.f"', true],
    ['W/"x", W/"u.v.f"', true],
    ['*', true],
    ['W/"u.v.g"', false],
    [undefined, false],
  ] as const)('If-None-Match %s matches W/"u.v.f": %s', (header, matches) => {
    expect(etagMatches(header, 'W/"u.v.f"')).toBe(matches);
  });
});
