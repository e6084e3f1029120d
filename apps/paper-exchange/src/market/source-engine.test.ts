import { afterEach, expect, it } from 'vitest';
import { openPaperExchange } from '../paper-exchange.js';
import { FakeUpstream } from '../test/fake-upstream.js';
import { exchangeClient, FakeClock, fund, infoClient } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';
import { MarkPins } from './pins.js';
import type { MarketSource } from './source.js';

/**
 * The engine reads the mark the /info answers give (PAPER_PRICES=auto): a stop-loss trigger
 * fires and a leveraged long is liquidated on a fake mainnet's mids (127.0.0.1), not on the
 * seeded path.
 */

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.stop()));
});

it('triggers and liquidation follow mainnet’s marks', async () => {
  const upstream = await new FakeUpstream().start();
  upstreams.push(upstream);
  upstream.mids = { BTC: '65000.5' };
  const clock = new FakeClock();
  const pins = new MarkPins();
  const exchange = await openPaperExchange({
    now: clock.now,
    seed: 7,
    pins,
    prices: { url: upstream.url, autoPoll: false },
  });
  const source = pins.source as MarketSource;
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const client = exchangeClient(exchange, key, clock);
  const info = infoClient(exchange);
  /** Mainnet moves to `mid`; the next read is a second later. */
  const move = async (mid: string) => {
    clock.advance(1_000);
    upstream.mids.BTC = mid;
    expect(await source.poll()).toBe(true);
    clock.advance(1_000);
  };

  await source.poll();
  await client.updateLeverage({ asset: 0, isCross: true, leverage: 20 });
  await client.order({
    orders: [{ a: 0, b: true, p: '70000', s: '2.5', r: false, t: { limit: { tif: 'Ioc' } } }],
    grouping: 'na',
  });
  await client.order({
    orders: [
      {
        a: 0,
        b: false,
        p: '60000',
        s: '0.5',
        r: true,
        t: { trigger: { isMarket: true, triggerPx: '64000', tpsl: 'sl' } },
      },
    ],
    grouping: 'na',
  });
  // The taker walks the paper ladder around mainnet's mid (no mainnet book was asked for).
  const entries = await info.userFills({ user });
  for (const entry of entries) expect(Math.abs(Number(entry.px) / 65000.5 - 1)).toBeLessThan(0.001);

  await move('64500');
  expect(await info.userFills({ user })).toHaveLength(entries.length);
  await move('63900');
  const afterStop = await info.userFills({ user });
  expect(afterStop).toHaveLength(entries.length + 1);
  expect(afterStop[0]).toMatchObject({ side: 'A', sz: '0.5', dir: 'Close Long' });
  expect(Math.abs(Number(afterStop[0]!.px) / 63900 - 1)).toBeLessThan(0.001);

  await move('60000');
  const state = await info.clearinghouseState({ user });
  expect(state.assetPositions).toEqual([]);
  const [liquidation] = await info.userFills({ user });
  expect(liquidation).toMatchObject({ side: 'A', sz: '2', px: '60000' });
  expect(liquidation!.liquidation).toMatchObject({ markPx: '60000' });
});
