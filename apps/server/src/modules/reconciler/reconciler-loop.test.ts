import type { FastifyBaseLogger } from 'fastify';
import type { ExchangeAccount } from '@tb/hyperliquid';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { Reconciler } from './reconciler.js';
import { MIN_FULL_READ_MS } from './sweep.js';

const APP_SECRET = 'test-secret-that-is-long-enough-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  'the reconciler loop',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );

    it('runs a pass every interval once started, and stop waits for the pass in flight', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      await t.place(user.token, LONG);
      /** A loop over the trader's connection on `account`, a pass every 10 ms. */
      const loopOn = (account: ExchangeAccount) =>
        new Reconciler({
          db: ctx.database.db,
          now: ctx.clock.now,
          log: { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger,
          keys: {
            resolveControlled: async () => ({ network: 'paper', credentials: {} }),
          } as never,
          networks: { account: () => account },
          risk: { applyOutcome: async () => undefined } as never,
          intervalMs: 10,
        });
      /** Fills reads that count themselves; with `held`, a read waits until it is let go. */
      const reads = () => {
        const state = { calls: 0, reading: false, held: false, letGo: (): void => undefined };
        const account = {
          positions: async () => [],
          fillsSince: async () => {
            state.calls += 1;
            state.reading = true;
            if (state.held) await new Promise<void>((resolve) => (state.letGo = resolve));
            state.reading = false;
            return [];
          },
        } as unknown as ExchangeAccount;
        return { state, account };
      };
      /** Moves the clock a minute on until `check` holds (30 s at most). */
      const passesUntil = async (check: () => boolean, what: string) => {
        const deadline = performance.now() + 30_000;
        while (!check()) {
          if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          // Positions never move here and no price is watched (no market): the sweep reads the
          // fills when the last read is old (10 minutes for a few connections: sweep.ts).
          ctx.clock.advance(MIN_FULL_READ_MS);
          await sleep(10);
        }
      };

      const first = reads();
      const loop = loopOn(first.account);
      loop.start();
      await passesUntil(() => first.state.calls >= 3, 'three reads');
      // A pass is in flight, held in its read: stop waits for it.
      first.state.held = true;
      await passesUntil(() => first.state.reading, 'a read in flight');
      let stopped = false;
      let readingWhenStopped: boolean | undefined;
      const stopping = loop.stop().then(() => {
        stopped = true;
        readingWhenStopped = first.state.reading;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      first.state.letGo();
      await stopping;
      expect(readingWhenStopped).toBe(false);

      // After stop no pass starts: meanwhile another loop on the same interval and connection
      // makes three passes that read, the time the stopped one would have needed for as many.
      const stoppedAt = first.state.calls;
      const second = reads();
      const witness = loopOn(second.account);
      witness.start();
      try {
        await passesUntil(() => second.state.calls >= 3, "the other loop's reads");
      } finally {
        await witness.stop();
      }
      expect(first.state.calls).toBe(stoppedAt);
    });

    it('stores a read of 1,200 fills in slices, each once', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const base = Date.now();
      const fills = Array.from({ length: 1200 }, (_, i) => ({
        tid: 5_000_000 + i,
        oid: String(9_000_000 + i),
        cloid: null,
        coin: 'ETH',
        side: i % 2 ? ('A' as const) : ('B' as const),
        px: 3000 + i / 100,
        sz: 0.01,
        fee: 0.01,
        closedPnl: 0,
        dir: 'Open Long',
        startPosition: 0,
        time: base + i,
      }));
      const reader = new Reconciler({
        db: ctx.database.db,
        now: ctx.clock.now,
        log: { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger,
        keys: { resolveControlled: async () => ({ network: 'paper', credentials: {} }) } as never,
        networks: {
          account: () => ({ positions: async () => [], fillsSince: async () => fills }) as never,
        },
        risk: { applyOutcome: async () => undefined } as never,
        intervalMs: 0,
      });
      expect(await reader.syncConnection(user.id, user.connectionId, { since: base })).toBe(true);
      expect(await reader.syncConnection(user.id, user.connectionId)).toBe(true);
      const stored = await t.stored(user.id);
      expect(stored.fills).toHaveLength(1200);
      expect(stored.fills.every((f) => f.tradeId === null)).toBe(true);
      expect(stored.cursors[0]!.fillsFrom).toBe(base + 1199);
    });

    it('an app with RECONCILE_INTERVAL_MS closes a filled trade by itself', async () => {
      const app = await buildApp(
        { ...ctx.config, reconcileIntervalMs: 20 },
        { database: ctx.database, appSecret: APP_SECRET, now: ctx.clock.now },
      );
      await app.ready();
      try {
        await t.pin(MARK);
        await t.pin(MARK, app);
        const user = await t.paperTrader();
        const placed = await t.place(user.token, LONG);
        // The loop's own reads fire the triggers as the mark walks: the entry, then the target.
        const until = async (
          done: (trade: { status: string; live: { execution: string } }) => boolean,
        ) => {
          // A generous bound: a busy machine slows the loop, it does not change the outcome.
          const deadline = performance.now() + 30_000;
          let trade = await t.trade(user.token, placed.id);
          while (!done(trade) && performance.now() < deadline) {
            await sleep(20);
            trade = await t.trade(user.token, placed.id);
          }
          return trade;
        };
        await t.pin(98_900, app);
        expect((await until((x) => x.live.execution === 'open')).live.execution).toBe('open');
        await t.pin(103_500, app);
        expect(await until((x) => x.status !== 'OPEN')).toMatchObject({
          status: 'TARGET_HIT',
          verified: true,
        });
      } finally {
        await app.close();
      }
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
