import { describe, expect, it } from 'vitest';
import { REMOTE_WAIT_MS, SharedCache, type RemoteCache } from './cache.js';

/** Resolves once `check` holds (polling every few ms), failing after a generous 30 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A check that accepts every answer. */
const same = <T>(answer: T) => answer;

/** What Redis does for the cache, in memory on a clock the test moves; `down` makes it fail. */
class FakeRemote implements RemoteCache {
  readonly texts = new Map<string, { text: string; until: number }>();
  readonly claims = new Map<string, number>();
  /** Claims refused because another instance held the key: how often one waited. */
  refused = 0;
  down = false;
  constructor(private readonly now: () => number) {}

  async read(key: string) {
    this.#up();
    const kept = this.texts.get(key);
    return kept && kept.until > this.now()
      ? { text: kept.text, ttlMs: kept.until - this.now() }
      : null;
  }
  async write(key: string, text: string, ttlMs: number) {
    this.#up();
    this.texts.set(key, { text, until: this.now() + ttlMs });
  }
  async claim(key: string, leaseMs: number) {
    this.#up();
    const until = this.claims.get(key);
    if (until !== undefined && until > this.now()) {
      this.refused += 1;
      return false;
    }
    this.claims.set(key, this.now() + leaseMs);
    return true;
  }
  async release(key: string) {
    this.#up();
    this.claims.delete(key);
  }
  #up() {
    if (this.down) throw new Error('Connection is closed.');
  }
}

/** A load that counts its calls and answers once `release` is called. */
function slowSource<T>(value: T) {
  const calls = { n: 0 };
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = async () => {
    calls.n += 1;
    await gate;
    return value;
  };
  return { calls, load, release };
}

function twoInstances() {
  const clock = { now: 0 };
  const now = () => clock.now;
  const remote = new FakeRemote(now);
  return {
    clock,
    remote,
    a: new SharedCache(now, 100, remote),
    b: new SharedCache(now, 100, remote),
  };
}

describe('SharedCache with a remote cache (several instances)', () => {
  it('loads once for every instance: the others wait for the claimed load and read its value', async () => {
    const { a, b, remote } = twoInstances();
    const source = slowSource({ BTC: '64000' });
    const onA = Promise.all([1, 2, 3].map(() => a.get('allMids', 1_000, source.load, same)));
    await until(() => source.calls.n === 1, 'A loading');
    const onB = Promise.all([1, 2, 3].map(() => b.get('allMids', 1_000, source.load, same)));
    // B found A's claim and waits (the clock stands still: it never gives up on A).
    await until(() => remote.refused >= 2, 'B waiting for A');
    expect(source.calls.n).toBe(1);
    source.release();
    expect([...(await onA), ...(await onB)]).toEqual(Array(6).fill({ BTC: '64000' }));
    expect(source.calls.n).toBe(1);
  });

  it('serves another instance’s value until it expires there, then loads again', async () => {
    const { a, b, clock } = twoInstances();
    let n = 0;
    const load = async () => ++n;
    expect(await a.get('k', 1_000, load, same)).toBe(1);
    clock.now = 400;
    expect(await b.get('k', 1_000, load, same)).toBe(1);
    // B keeps it locally only as long as A's load is live: not 1,000 ms from its own read.
    clock.now = 1_000;
    expect(await b.get('k', 1_000, load, same)).toBe(2);
    expect(await a.get('k', 1_000, load, same)).toBe(2);
    expect(n).toBe(2);
  });

  it('a failed load gives its claim back: the other instance loads at once, and nothing is kept', async () => {
    const { a, b, remote } = twoInstances();
    const failing = async () => {
      throw new Error('exchange down');
    };
    await expect(a.get('k', 1_000, failing, same)).rejects.toThrow('exchange down');
    expect(remote.claims.size).toBe(0);
    expect(remote.texts.size).toBe(0);
    // The clock stands still: had the claim been kept, B would wait for it for good.
    let answer: unknown;
    void b
      .get('k', 1_000, async () => 'up', same)
      .then(
        (value) => (answer = value),
        (error: unknown) => (answer = error),
      );
    await until(() => answer !== undefined || remote.refused > 0, 'B to load or wait');
    expect(remote.refused).toBe(0);
    expect(answer).toBe('up');
  });

  it('refuses a remote value its check refuses and loads instead', async () => {
    const { a, remote } = twoInstances();
    remote.texts.set('k', {
      text: JSON.stringify({ expiresAt: 5_000, value: 'garbage' }),
      until: 5_000,
    });
    remote.texts.set('j', { text: '{not json', until: 5_000 });
    const check = (answer: unknown) => {
      if (typeof answer !== 'number') throw new Error('malformed');
      return answer;
    };
    await expect(a.get('k', 1_000, async () => 7, check)).resolves.toBe(7);
    await expect(a.get('j', 1_000, async () => 8, check)).resolves.toBe(8);
    expect(JSON.parse(remote.texts.get('k')!.text)).toBe(7);
  });

  it('never keeps a remote value longer than its time-to-live from here', async () => {
    const { a, remote, clock } = twoInstances();
    remote.texts.set('k', { text: JSON.stringify(1), until: 60_000 });
    let n = 1;
    const load = async () => ++n;
    expect(await a.get('k', 1_000, load, same)).toBe(1);
    remote.texts.clear();
    clock.now = 1_000;
    expect(await a.get('k', 1_000, load, same)).toBe(2);
  });

  it('goes to the source while the remote is down, and shares again once it is back', async () => {
    const { a, b, remote, clock } = twoInstances();
    remote.down = true;
    let n = 0;
    const load = async () => ++n;
    expect(await a.get('k', 1_000, load, same)).toBe(1);
    expect(await b.get('k', 1_000, load, same)).toBe(2);
    remote.down = false;
    clock.now = 1_000;
    expect(await a.get('k', 1_000, load, same)).toBe(3);
    expect(await b.get('k', 1_000, load, same)).toBe(3);
  });

  it('loads itself when the instance holding the claim never delivers', async () => {
    const { b, remote, clock } = twoInstances();
    remote.claims.set('k', 60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 'late';
    };
    const got = b.get('k', 1_000, load, same);
    // It waits for the other's value as long as the clock has not moved REMOTE_WAIT_MS on ...
    await until(() => remote.refused >= 2, 'B waiting');
    clock.now = REMOTE_WAIT_MS - 1;
    const refused = remote.refused;
    await until(() => remote.refused > refused, 'B still waiting');
    expect(loads).toBe(0);
    // ... then loads itself.
    clock.now = REMOTE_WAIT_MS;
    await expect(got).resolves.toBe('late');
    expect(loads).toBe(1);
  });
});
