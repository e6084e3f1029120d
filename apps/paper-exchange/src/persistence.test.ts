import { describe, expect, it } from 'vitest';
import { MemoryPaperStore } from './memory-store.js';
import {
  exchangeClient,
  FakeClock,
  fund,
  infoClient,
  openTestExchange,
  signedEnvelope,
} from './test/harness.js';
import { addressOf, randomKey } from './test/wallet.js';

const restingEthBuy = (px: number) => ({
  type: 'order',
  orders: [{ a: 1, b: true, p: String(px), s: '0.1', r: false, t: { limit: { tif: 'Gtc' } } }],
  grouping: 'na',
});

describe('state survives a restart', () => {
  it('restores accounts, open orders, agents, nonces and the seed from the store', async () => {
    const store = new MemoryPaperStore();
    const clock = new FakeClock();
    const first = await openTestExchange({ store, clock });
    const masterKey = randomKey();
    const agentKey = randomKey();
    const master = addressOf(masterKey);
    await fund(first.exchange, master);
    await exchangeClient(first.exchange, masterKey, clock).approveAgent({
      agentAddress: addressOf(agentKey),
      agentName: '',
    });
    const envelope = await signedEnvelope(agentKey, restingEthBuy(1000), clock.nonce());
    expect(await first.exchange.exchange(envelope)).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });

    clock.advance(60_000);
    const second = await openTestExchange({ store, clock, seed: 999 });
    const open = await infoClient(second.exchange).openOrders({ user: master });
    expect(open).toMatchObject([{ coin: 'ETH', limitPx: '1000', sz: '0.1' }]);
    expect((await second.exchange.exchange(envelope)).body).toEqual({
      status: 'err',
      response: `Invalid nonce: duplicate nonce ${envelope.nonce}`,
    });
    const agent = exchangeClient(second.exchange, agentKey, clock);
    const canceled = await agent.cancel({ cancels: [{ a: 1, o: open[0]!.oid }] });
    expect(canceled.response.data.statuses).toEqual(['success']);
    expect((await second.exchange.faucet({ user: master })).body).toMatchObject({ status: 'err' });
    const history = await infoClient(second.exchange).historicalOrders({ user: master });
    expect(history.map((h) => h.status)).toEqual(['canceled']);
    // The restored state keeps its own seed, so prices do not jump on restart.
    const mids = await infoClient(second.exchange).allMids();
    const fresh = await openTestExchange({ clock });
    expect(await infoClient(fresh.exchange).allMids()).toEqual(mids);
  });

  it('gives concurrent orders of one account distinct oids, all kept', async () => {
    const store = new MemoryPaperStore();
    const { exchange, clock } = await openTestExchange({ store });
    const key = randomKey();
    await fund(exchange, addressOf(key));
    const envelopes = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        signedEnvelope(key, restingEthBuy(1000 + k), clock.nonce()),
      ),
    );
    const answers = await Promise.all(envelopes.map((e) => exchange.exchange(e)));
    const oids = answers.map(
      (a) =>
        (a.body as { response: { data: { statuses: { resting: { oid: number } }[] } } }).response
          .data.statuses[0]?.resting.oid,
    );
    expect(new Set(oids).size).toBe(10);
    const restarted = await openTestExchange({ store, clock });
    const open = await infoClient(restarted.exchange).openOrders({ user: addressOf(key) });
    expect(open.map((o) => o.oid).sort()).toEqual([...oids].sort());
  });
});
