import { HttpRequestError, InfoClient, type IRequestTransport } from '@nktkas/hyperliquid';
import { describe, expect, it } from 'vitest';
import { toExchangeError, UNAVAILABLE_MESSAGE } from './errors.js';
import {
  MemoryMeterStore,
  meteredTransport,
  WeightMeter,
  type WeightPriority,
} from './weight-meter.js';
import { answerWeight, requestWeight } from './weights.js';

const T0 = 1_736_121_600_000;

/** A clock the test moves; `sleep` moves it instead of waiting. */
function fakeTime() {
  const clock = { ms: T0, slept: [] as number[] };
  return {
    clock,
    now: () => clock.ms,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.ms += ms;
    },
  };
}

/** A transport answering `answer(endpoint, payload)`, or failing with HTTP `status`. */
function fakeInner(answer: (endpoint: string, payload: unknown) => unknown) {
  const sent: unknown[] = [];
  let status = 200;
  const transport: IRequestTransport = {
    isTestnet: false,
    async request<T>(endpoint: 'info' | 'exchange', payload: unknown): Promise<T> {
      sent.push(payload);
      if (status !== 200) {
        const response = new Response('null', { status });
        throw new HttpRequestError({ response, detail: 'null', request: payload });
      }
      return answer(endpoint, payload) as T;
    },
  };
  return { transport, sent, fail: (code: number) => (status = code) };
}

describe("the client's copy of Hyperliquid's weights", () => {
  it('weighs requests as HYPERLIQUID.md says', () => {
    expect(requestWeight('info', { type: 'allMids' })).toBe(2);
    expect(requestWeight('info', { type: 'clearinghouseState', user: '0x' })).toBe(2);
    expect(requestWeight('info', { type: 'userRole', user: '0x' })).toBe(60);
    expect(requestWeight('info', { type: 'userFills', user: '0x' })).toBe(20);
    expect(requestWeight('info', { type: 'metaAndAssetCtxs' })).toBe(20);
    expect(requestWeight('exchange', { action: { type: 'order', orders: [1, 2] } })).toBe(1);
    expect(requestWeight('exchange', { action: { type: 'cancel', cancels: new Array(80) } })).toBe(
      3,
    );
    expect(requestWeight('exchange', { action: { type: 'updateLeverage' } })).toBe(1);
  });

  it('adds the items an answer returned: 1 per 20 fills, 1 per 60 candles', () => {
    expect(answerWeight('info', { type: 'userFills' }, new Array(45))).toBe(2);
    expect(answerWeight('info', { type: 'candleSnapshot' }, new Array(119))).toBe(1);
    expect(answerWeight('info', { type: 'allMids' }, new Array(500))).toBe(0);
    expect(answerWeight('info', { type: 'userFills' }, { not: 'a list' })).toBe(0);
  });
});

describe('the weight meter', () => {
  it('charges up to 1,200 in a rolling minute, then says how long to wait', async () => {
    const { now } = fakeTime();
    const meter = new WeightMeter({ key: 'test', now });
    for (let k = 0; k < 60; k += 1) expect(await meter.take(20)).toBe(0);
    expect(await meter.spent()).toBe(1_200);
    expect(await meter.take(2)).toBe(60_000);
  });

  it('shares one budget through one store', async () => {
    const { now } = fakeTime();
    const store = new MemoryMeterStore();
    const one = new WeightMeter({ key: 'mainnet', store, now, perMinute: 100 });
    const two = new WeightMeter({ key: 'mainnet', store, now, perMinute: 100 });
    const testnet = new WeightMeter({ key: 'testnet', store, now, perMinute: 100 });
    expect(await one.take(80)).toBe(0);
    expect(await two.take(30)).toBeGreaterThan(0);
    expect(await testnet.take(100)).toBe(0);
  });

  it('closes for 2 s after a 429, doubling per 429 in a row, forgotten a minute after', async () => {
    const time = fakeTime();
    const meter = new WeightMeter({ key: 'test', now: time.now });
    await meter.refused();
    expect(await meter.take(2)).toBe(2_000);
    time.clock.ms += 2_000;
    expect(await meter.take(2)).toBe(0);
    await meter.refused();
    expect(await meter.take(2)).toBe(4_000);
    time.clock.ms += 4_000;
    await meter.refused();
    expect(await meter.take(2)).toBe(8_000);
    time.clock.ms += 8_000 + 60_000;
    await meter.refused();
    expect(await meter.take(2)).toBe(2_000);
  });
});

describe('meteredTransport', () => {
  it('charges each request and the candles it returned; waits for room; fails past the longest wait', async () => {
    const time = fakeTime();
    const meter = new WeightMeter({ key: 'test', now: time.now, perMinute: 100 });
    const inner = fakeInner(() => new Array(60).fill({}));
    const transport = meteredTransport(inner.transport, meter, {
      sleep: time.sleep,
      maxWaitMs: 30_000,
    });
    const info = new InfoClient({ transport });
    const candles = () =>
      transport.request('info', { type: 'candleSnapshot', req: { coin: 'BTC' } });
    await candles(); // 20 + 1
    await candles();
    await candles();
    await candles(); // 84
    expect(await meter.spent()).toBe(84);
    expect(inner.sent).toHaveLength(4);
    // 84 + 20 > 100: wait until the first 21 are a minute old.
    time.clock.ms += 10_000;
    await expect(candles()).rejects.toThrow(/weight budget \(100 a minute\) has no room for 50 s/);
    expect(inner.sent).toHaveLength(4);
    time.clock.ms += 25_000;
    await candles();
    expect(time.clock.slept).toEqual([25_000]);
    expect(inner.sent).toHaveLength(5);
    await expect(info.allMids()).resolves.toBeDefined();
  });

  it('closes the gate on a 429 and fails the requests that cannot wait that long', async () => {
    const time = fakeTime();
    const meter = new WeightMeter({ key: 'test', now: time.now });
    const inner = fakeInner(() => ({}));
    const transport = meteredTransport(inner.transport, meter, {
      sleep: time.sleep,
      maxWaitMs: 1_000,
    });
    inner.fail(429);
    await expect(transport.request('info', { type: 'allMids' })).rejects.toThrow(HttpRequestError);
    inner.fail(200);
    const waited = await transport.request('info', { type: 'allMids' }).catch((e: unknown) => e);
    expect(String(waited)).toMatch(/no room for 2 s/);
    // The server tells the user what it tells of an exchange it cannot reach.
    expect(toExchangeError(waited)).toMatchObject({
      kind: 'unavailable',
      message: UNAVAILABLE_MESSAGE,
    });
    expect(inner.sent).toHaveLength(1);
    time.clock.ms += 2_000;
    await expect(transport.request('info', { type: 'allMids' })).resolves.toEqual({});
  });

  it('lets a lower priority fill only its share: visitors 50 %, sweeps 75 %, the live loop the rest', async () => {
    const time = fakeTime();
    const meter = new WeightMeter({ key: 'test', now: time.now, perMinute: 100 });
    const inner = fakeInner(() => ({}));
    let priority: WeightPriority | undefined;
    const transport = meteredTransport(inner.transport, meter, {
      sleep: time.sleep,
      maxWaitMs: 0,
      priority: () => priority ?? 'live',
    });
    const metaAt = (at: WeightPriority) => {
      priority = at;
      return transport.request('info', { type: 'meta' });
    };
    await metaAt('low'); // 20
    await metaAt('low'); // 40
    await expect(metaAt('low')).rejects.toThrow(/no room/);
    await metaAt('sweep'); // 60
    await expect(metaAt('sweep')).rejects.toThrow(/no room/);
    await metaAt('live'); // 80
    await expect(metaAt('live')).rejects.toThrow(/no room/); // 100 > 96
    expect(await meter.spent()).toBe(80);
    expect(inner.sent).toHaveLength(4);
    // What each priority has left: what the reconciler asks before a sweep.
    expect(await meter.available(0.75)).toBe(0);
    expect(await meter.available(0.96)).toBe(16);
    await meter.refused();
    expect(await meter.available(0.96)).toBe(0);
  });
});
