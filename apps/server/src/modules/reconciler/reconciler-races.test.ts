import type { ExchangeAccount } from '@tb/hyperliquid';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exchangeFills, tradeOrders } from '../../db/schema/index.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { markDue } from './price-watch.js';
import { Reconciler } from './reconciler.js';
import { MIN_FULL_READ_MS, MIN_SWEEP_MS } from './sweep.js';
import { ReconcilerRepository } from './reconciler.repository.js';

describeEachDatabase(
  'the reconciler where passes and routes race',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );

    /** Other traders' connections (leased too in a shared database): an account with nothing. */
    const nothing = {
      positions: async () => [],
      fillsSince: async () => [],
      cancelByCloids: async () => undefined,
    } as unknown as ExchangeAccount;
    /** A reconciler that reads `account` for `user`'s connection, and nothing for anyone else's. */
    const readerFor = (
      user: { id: string; wallet: string },
      account: ExchangeAccount,
      opts: { risk?: unknown; intervalMs?: number } = {},
    ) =>
      new Reconciler({
        db: ctx.database.db,
        now: ctx.clock.now,
        log: { warn: () => undefined, error: () => undefined, info: () => undefined } as never,
        keys: {
          resolveControlled: async (userId: string, id?: string) => ({
            id: id!,
            network: 'paper' as const,
            credentials: {
              walletAddress: userId === user.id ? user.wallet : '0x0',
              privateKey: '0x1',
            },
          }),
        } as never,
        networks: {
          account: (_network: string, credentials: { walletAddress: string }) =>
            credentials.walletAddress === user.wallet ? account : nothing,
        },
        risk: (opts.risk ?? { applyOutcome: async () => undefined }) as never,
        intervalMs: opts.intervalMs ?? 0,
      } as ConstructorParameters<typeof Reconciler>[0]);

    it('claims an entry fill a pass stored as unjournaled before the bracket’s link committed', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      await t.pin(98_900);
      const [entry] = await t.paperFills(user.wallet);
      expect(entry).toMatchObject({ side: 'B', oid: Number(placed.live.orders.entry) });

      // What a pass that read the fill before the link existed stored: a fill of no trade.
      await ctx.database.db.insert(exchangeFills).values({
        connectionId: user.connectionId,
        tid: entry!.tid,
        userId: user.id,
        tradeId: null,
        role: null,
        coin: 'BTC',
        oid: String(entry!.oid),
        cloid: entry!.cloid ?? null,
        side: 'B',
        px: entry!.px,
        sz: entry!.sz,
        fee: entry!.fee,
        closedPnl: '0',
        dir: 'Open Long',
        startPosition: '0',
        time: new Date(entry!.time),
      });

      await ctx.app.reconciler.runOnce();
      const [row] = await ctx.database.db
        .select()
        .from(exchangeFills)
        .where(
          and(eq(exchangeFills.connectionId, user.connectionId), eq(exchangeFills.tid, entry!.tid)),
        );
      expect(row).toMatchObject({ tradeId: placed.id, role: 'entry' });
      expect((await t.trade(user.token, placed.id)).live).toMatchObject({
        execution: 'open',
        filledSize: Number(entry!.sz),
      });

      // And the take profit then closes it, once.
      await t.pin(103_500);
      await ctx.app.reconciler.runOnce();
      await ctx.app.reconciler.runOnce();
      expect(await t.trade(user.token, placed.id)).toMatchObject({
        status: 'TARGET_HIT',
        verified: true,
      });
      expect((await t.risk(user.token)).tradeStreak).toBe(1);
    });

    it('finds the trade of a close at market by the cloid recorded before the order was sent', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      const cloid = '0x00000000000000000000000000c10sed';
      await ctx.database.db
        .update(tradeOrders)
        .set({
          otherExitOids: sql`${tradeOrders.otherExitOids} || ${JSON.stringify([cloid])}::jsonb`,
        })
        .where(eq(tradeOrders.tradeId, placed.id));
      const fill = {
        tid: 1,
        oid: '424242',
        cloid,
        coin: 'BTC',
        side: 'A' as const,
        px: 99_500,
        sz: 0.005,
        fee: 0.1,
        closedPnl: 2.5,
        dir: 'Close Long',
        startPosition: 0.005,
        time: Date.now(),
      };
      const links = await new ReconcilerRepository(ctx.database.db).linksOf(
        user.id,
        user.connectionId,
        [fill],
      );
      expect(links.map((l) => l.tradeId)).toEqual([placed.id]);
    });

    it('reads back to `since` once per connection, then from its cursor', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      await t.place(user.token, LONG);
      const reads: number[] = [];
      const account = {
        fillsSince: async (from: number) => {
          reads.push(from);
          return [];
        },
      } as unknown as ExchangeAccount;
      const reconciler = readerFor(user, account);
      const since = Date.now() - 30 * 86_400_000;
      expect(await reconciler.syncConnection(user.id, user.connectionId, { since })).toBe(true);
      expect(await reconciler.syncConnection(user.id, user.connectionId, { since })).toBe(true);
      expect(reads[0]).toBe(since);
      // The second read starts at the cursor (a minute before the bracket), not 30 days back.
      expect(reads[1]).toBeGreaterThan(since + 29 * 86_400_000);
    });

    it('cancels what is left of a limit entry once its exits closed the part that filled', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      const [link] = await ctx.database.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.tradeId, placed.id));
      const now = Date.now();
      const fill = (tid: number, oid: string, side: 'B' | 'A', px: number) => ({
        tid,
        oid,
        cloid: null,
        coin: 'BTC',
        side,
        px,
        sz: 0.002,
        fee: 0.05,
        closedPnl: 0,
        dir: side === 'B' ? 'Open Long' : 'Close Long',
        startPosition: side === 'B' ? 0 : 0.002,
        time: now,
      });
      // Half the entry filled, and the take profit closed that half.
      const fills = [fill(11, link!.entryOid!, 'B', 99_000), fill(12, link!.tpOid!, 'A', 103_000)];
      const cancelled: string[][] = [];
      const account = {
        fillsSince: async () => fills,
        // The take profit closed a position: the pass asks what funding it paid (none here).
        fundingSince: async () => [],
        cancelByCloids: async (_coin: string, cloids: string[]) => {
          cancelled.push(cloids);
        },
      } as unknown as ExchangeAccount;
      const reconciler = readerFor(user, account, { risk: ctx.app.reconciler['deps'].risk });
      expect(await reconciler.syncConnection(user.id, user.connectionId)).toBe(true);
      expect(await t.trade(user.token, placed.id)).toMatchObject({
        status: 'TARGET_HIT',
        verified: true,
        quantity: 0.002,
      });
      expect(cancelled).toEqual([[link!.entryCloid]]);
    });

    it('the sweep looks at positions and reads fills only when they moved or the last read is old; due reads at once', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      await t.place(user.token, LONG);
      let positions = [{ symbol: 'BTC-USD', side: 'long', size: 0.005 }];
      const calls = { positions: 0, fills: 0 };
      let entry = { oid: 1, coin: 'BTC', status: 'open', size: 1, origSize: 1 };
      const account = {
        positions: async () => {
          calls.positions += 1;
          return positions;
        },
        orderByCloid: async () => entry,
        fillsSince: async () => {
          calls.fills += 1;
          return [];
        },
      } as unknown as ExchangeAccount;
      // No market: this reconciler does not watch prices, only the sweep (and due marks) move it.
      const reconciler = readerFor(user, account, { intervalMs: 2_000 });
      let at = Date.now();
      const passAfter = async (ms: number) => {
        at += ms;
        ctx.clock.set(at);
        await reconciler.runOnce();
      };
      // Just placed (and read by the placement): not on the sweep before a minute has passed.
      await passAfter(0);
      expect(calls).toEqual({ positions: 0, fills: 0 });
      // Other tests' connections are swept too (and read nothing): only this one's calls count.
      // A pass looks at as many as a sweep period needs per the time since the last (each pass
      // here comes a period or more after the one before, so every connection due is looked at).
      // The sweep: positions, and the fills (never read since the limit entry was placed).
      await passAfter(MIN_SWEEP_MS);
      expect(calls).toEqual({ positions: 1, fills: 1 });
      // Nothing moved: the cheap read only, a sweep later.
      await passAfter(MIN_SWEEP_MS);
      expect(calls).toEqual({ positions: 2, fills: 1 });
      // A position moved: the fills are read.
      positions = [];
      await passAfter(MIN_SWEEP_MS);
      expect(calls).toEqual({ positions: 3, fills: 2 });
      // Unchanged since the last read of fills long enough: read anyway (a round trip that left
      // the positions as they were).
      await passAfter(MIN_FULL_READ_MS);
      expect(calls).toEqual({ positions: 4, fills: 3 });
      // Due (the market reached the resting entry's level): a look at the entry first (2
      // weight): still resting whole, nothing more is read.
      await markDue(ctx.database.db, [user.connectionId], ctx.clock.now());
      await passAfter(1_000);
      expect(calls).toEqual({ positions: 4, fills: 3 });
      // Due again, the entry filled: the fills at once, without the sweep's probe, and once.
      entry = { ...entry, status: 'filled', size: 0 };
      await markDue(ctx.database.db, [user.connectionId], ctx.clock.now());
      await passAfter(1_000);
      expect(calls).toEqual({ positions: 4, fills: 4 });
      await passAfter(1_000);
      expect(calls).toEqual({ positions: 4, fills: 4 });
      at += MIN_SWEEP_MS; // the next pass, a sweep period later
      // A route's sync always reads the fills, without the probe.
      await reconciler.syncConnection(user.id, user.connectionId);
      expect(calls).toEqual({ positions: 4, fills: 5 });
      // A new bracket: the positions are unknown again; the next sweep takes their signature
      // and leaves the fills to the price watch (read by the sync a moment ago).
      await t.place(user.token, LONG);
      await reconciler.syncConnection(user.id, user.connectionId);
      await passAfter(MIN_SWEEP_MS);
      expect(calls).toEqual({ positions: 5, fills: 6 });
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
