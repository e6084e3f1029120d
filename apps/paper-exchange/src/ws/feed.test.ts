import { describe, expect, it } from 'vitest';
import { exchangeClient, fund, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';
import type { PaperReply } from '../types.js';
import { PaperFeed, type FeedSink } from './feed.js';

/** The feed alone, ticked by hand: when it runs, and a user whose reads fail. */

function sink() {
  const texts: string[] = [];
  const channel = (name: string) =>
    texts
      .map((t) => JSON.parse(t) as { channel: string; data: unknown })
      .filter((m) => m.channel === name);
  const send: FeedSink['send'] = (text) => void texts.push(text);
  return { texts, channel, send };
}

describe('PaperFeed', () => {
  it('ticks only while someone subscribes', async () => {
    const { exchange } = await openTestExchange();
    const feed = new PaperFeed(exchange, { tickMs: 60_000 });
    const a = sink();
    expect(feed.running).toBe(false);
    await feed.add({ type: 'allMids' }, a);
    expect(feed.running).toBe(true);
    expect(a.channel('allMids')).toHaveLength(1);
    feed.remove({ type: 'allMids' }, a);
    expect(feed.running).toBe(false);
    feed.close();
  });

  it("keeps pushing to one user when another user's reads fail", async () => {
    const { exchange, clock } = await openTestExchange();
    const goodKey = randomKey();
    const good = addressOf(goodKey);
    const broken = addressOf(randomKey());
    await fund(exchange, good);
    await fund(exchange, broken);
    let failing = false;
    const errors: unknown[] = [];
    const feed = new PaperFeed(
      {
        info: async (body): Promise<PaperReply> =>
          failing && (body as { user?: string }).user === broken
            ? { status: 503, body: null }
            : exchange.info(body),
      },
      { now: clock.now, tickMs: 60_000, log: { error: (details) => errors.push(details) } },
    );
    const goodFills = sink();
    const brokenFills = sink();
    await feed.add({ type: 'userFills', user: broken }, brokenFills);
    await feed.add({ type: 'userFills', user: good }, goodFills);
    failing = true;
    const mids = (await exchange.info({ type: 'allMids' })).body as Record<string, string>;
    const client = exchangeClient(exchange, goodKey, clock);
    await client.order({
      orders: [
        {
          a: 0,
          b: true,
          p: String(Math.round(Number(mids.BTC) * 1.01)),
          s: '0.001',
          r: false,
          t: { limit: { tif: 'Ioc' } },
        },
      ],
      grouping: 'na',
    });
    await feed.tick();
    expect(errors).toHaveLength(1);
    expect(goodFills.channel('userFills').map((m) => m.data)).toEqual([
      { user: good, fills: [], isSnapshot: true },
      { user: good, fills: [expect.objectContaining({ coin: 'BTC', sz: '0.001' })] },
    ]);
    expect(brokenFills.channel('userFills')).toHaveLength(1);
    feed.close();
  });
});
