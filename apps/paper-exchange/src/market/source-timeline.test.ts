import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLog } from '../test/fake-upstream.js';
import { FakeClock, T0 } from '../test/harness.js';
import { PERP_ASSETS } from './assets.js';
import { FilePriceMemory } from './price-memory.js';
import { midPriceAt } from './price-path.js';
import { MarketSource } from './source.js';
import { HttpUpstream } from './upstream.js';
import type { UpstreamClient } from './upstream.js';

/**
 * The market source of PAPER_PRICES on its own (market/source.ts): the marks between and
 * before mainnet's answers, and the polling on real timers (short ones).
 */

const SEED = 7;
const BTC = PERP_ASSETS[0]!;
const MINUTE = 60_000;

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** The seeded path anchored at `px` at `anchorMs`. */
function continued(px: number, anchorMs: number, timeMs: number): number {
  return (px * midPriceAt(SEED, BTC, timeMs)) / midPriceAt(SEED, BTC, anchorMs);
}

describe('MarketSource', () => {
  function manual(mids: Record<string, string>[]) {
    let answered = 0;
    const client: UpstreamClient = {
      allMids: async () => {
        const next = mids[Math.min(answered, mids.length - 1)]!;
        answered += 1;
        return next;
      },
      l2Book: async () => null,
      candles: async () => [],
    };
    return { client, calls: () => answered };
  }

  it('bends a closed gap to meet the next answer, and anchors the time before the first one', async () => {
    const clock = new FakeClock();
    const { client } = manual([{ BTC: '100' }, { BTC: '110' }]);
    const source = new MarketSource({
      mode: 'auto',
      upstream: client,
      now: clock.now,
      autoPoll: false,
    });
    await source.poll();
    clock.advance(MINUTE);
    await source.poll();
    const at = (t: number) => source.midAt(SEED, BTC, t)!;
    expect(at(T0 + 10_000)).toBe(100);
    expect(at(T0 + MINUTE)).toBe(110);
    const inGap = at(T0 + 35_000);
    expect(inGap).toBeGreaterThan(95);
    expect(inGap).toBeLessThan(115);
    expect(Math.abs(at(T0 + 10_001) - 100)).toBeLessThan(0.01);
    expect(Math.abs(at(T0 + MINUTE - 1) - 110)).toBeLessThan(0.01);
    expect(at(T0 - 3_600_000)).toBeCloseTo(continued(100, T0, T0 - 3_600_000), 9);
    // A coin mainnet does not list: the seeded path (undefined here).
    expect(source.midAt(SEED, PERP_ASSETS[1]!, T0)).toBeUndefined();
  });

  it('a mainnet that never answers holds the first request back briefly, then no more', async () => {
    // Accepts connections and never answers, like a firewall that drops packets.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      silent.closeAllConnections();
      silent.close();
    });
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const { lines, log } = recordingLog();
    const source = new MarketSource({
      mode: 'auto',
      upstream: new HttpUpstream({ url, timeoutMs: 400 }),
      now: () => Date.now(),
      log,
      url,
      readyTimeoutMs: 20,
      downPollMs: 50,
    });
    closers.push(() => source.close());
    let started = performance.now();
    await source.ready();
    // Held back readyTimeoutMs (20 ms), not the request's time-out (400 ms).
    expect(performance.now() - started).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(source.status().upstream).toBe('down');
    started = performance.now();
    await source.ready();
    expect(performance.now() - started).toBeLessThan(100);
    // Several timed-out polls, one line.
    expect(lines).toEqual([
      `warn paper prices: Hyperliquid mainnet (${url}) does not answer; the paper market stays on the synthetic path`,
    ]);
  });

  it('keeps about six hours of answers; before them, the path anchored at the oldest kept', async () => {
    const clock = new FakeClock();
    const { client } = manual([{ BTC: '100' }, { BTC: '200' }]);
    const source = new MarketSource({
      mode: 'auto',
      upstream: client,
      now: clock.now,
      autoPoll: false,
    });
    for (let minute = 0; minute <= 8 * 60; minute += 1) {
      await source.poll();
      clock.advance(MINUTE);
    }
    expect(source.midAt(SEED, BTC, T0 + 30_000)).not.toBe(100);
    const kept = T0 + 8 * 60 * MINUTE - 6 * 60 * MINUTE;
    expect(source.midAt(SEED, BTC, kept)).toBe(200);
    const before = source.midAt(SEED, BTC, T0)!;
    expect(before).not.toBe(200);
    expect(Math.abs(before / 200 - 1)).toBeLessThan(0.2);
  });

  it('a restart while mainnet is down continues from the mids it last gave', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paper-prices-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'paper-prices.json');
    const clock = new FakeClock();
    const { client } = manual([{ BTC: '65000.5' }]);
    const before = new MarketSource({
      mode: 'auto',
      upstream: client,
      now: clock.now,
      autoPoll: false,
      memory: new FilePriceMemory(file),
    });
    await before.poll();
    clock.advance(30_000);
    await before.poll();
    before.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      time: T0 + 30_000,
      mids: { BTC: 65000.5 },
    });

    const down: UpstreamClient = {
      allMids: () => Promise.reject(new Error('offline')),
      l2Book: () => Promise.reject(new Error('offline')),
      candles: () => Promise.reject(new Error('offline')),
    };
    clock.advance(5 * MINUTE);
    const after = new MarketSource({
      mode: 'auto',
      upstream: down,
      now: clock.now,
      autoPoll: false,
      memory: new FilePriceMemory(file),
    });
    expect(await after.poll()).toBe(false);
    const anchor = T0 + 30_000 + 10_000;
    expect(after.midAt(SEED, BTC, clock.ms)).toBeCloseTo(continued(65000.5, anchor, clock.ms), 6);
    expect(after.status()).toMatchObject({ source: 'synthetic', upstream: 'down' });
  });

  it('polls on timers while touched and stops when idle', async () => {
    const { client, calls } = manual([{ BTC: '100' }]);
    const source = new MarketSource({
      mode: 'auto',
      upstream: client,
      now: () => Date.now(),
      pollMs: 5,
      idleMs: 40,
    });
    closers.push(() => source.close());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls()).toBe(0);
    await source.ready();
    expect(calls()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls()).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(source.polling).toBe(false);
    const stopped = calls();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls()).toBe(stopped);
  });
});
