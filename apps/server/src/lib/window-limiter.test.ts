import { afterAll, describe, expect, it } from 'vitest';
import { RedisLink } from './redis/redis-link.js';
import { dropKeys, eventually, TEST_REDIS_URL, testKeyPrefix } from './redis/redis-testing.js';
import { MemoryState, RedisState } from './redis/shared-state.js';
import { WindowLimiter } from './window-limiter.js';

const prefix = testKeyPrefix();
const links: RedisLink[] = [];
const link = () => {
  const made = new RedisLink(TEST_REDIS_URL, { keyPrefix: prefix });
  links.push(made);
  return made;
};
const ready = (l: RedisLink) => eventually(async () => l.ready, 'Redis to connect');

afterAll(async () => {
  for (const l of links) await l.close();
  await dropKeys(TEST_REDIS_URL, prefix);
});

describe('WindowLimiter on each state', () => {
  const states = {
    memory: async () => new MemoryState(),
    redis: async () => {
      const l = link();
      await ready(l);
      return new RedisState(l);
    },
  };
  for (const [kind, make] of Object.entries(states)) {
    describe(kind, () => {
      const limiter = async (max: number, windowMs: number) =>
        new WindowLimiter(`wl-${kind}-${Math.random()}`, max, windowMs, await make());

      it('allows max uses per window, then says how long to wait', async () => {
        const l = await limiter(3, 1000);
        const takes = [];
        for (const t of [0, 1, 2, 3]) takes.push(await l.take('k', t));
        expect(takes).toEqual([0, 0, 0, 997]);
        expect(await l.hit('k', 999)).toBe(false);
        expect(await l.hit('k', 1000)).toBe(true);
      });

      it('counts keys apart, gives a use back and forgets a key on reset', async () => {
        const l = await limiter(1, 1000);
        expect(await l.hit('a', 0)).toBe(true);
        expect(await l.hit('b', 0)).toBe(true);
        expect(await l.hit('a', 1)).toBe(false);
        await l.giveBack('a', 1);
        expect(await l.hit('a', 2)).toBe(true);
        await l.reset('a', 3);
        expect(await l.hit('a', 4)).toBe(true);
      });

      it('lets exactly max of a concurrent burst through', async () => {
        const l = await limiter(10, 60_000);
        const burst = await Promise.all(Array.from({ length: 40 }, () => l.hit('burst', 0)));
        expect(burst.filter(Boolean)).toHaveLength(10);
      });
    });
  }

  it('in Redis, counts the uses of every instance together, atomically', async () => {
    const [a, b] = [link(), link()];
    await ready(a);
    await ready(b);
    const name = `shared-${Math.random()}`;
    const onA = new WindowLimiter(name, 10, 60_000, new RedisState(a));
    const onB = new WindowLimiter(name, 10, 60_000, new RedisState(b));
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? onA : onB).hit('k', 0)),
    );
    expect(burst.filter(Boolean)).toHaveLength(10);
  });
});
