import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ExchangeError, type ExchangeAccount } from '@tb/hyperliquid';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { exchangeCursors } from '../../db/schema/index.js';
import { describeEachDatabase, TEST_DATABASE_URL } from '../../test/helper.js';
import { LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { markDue } from './price-watch.js';
import { Reconciler } from './reconciler.js';

/** The test apps' secret (test/helper.ts): a second app opens the same sealed keys. */
const APP_SECRET = 'test-secret-that-is-long-enough-0123456789';

describeEachDatabase(
  'reconciler instances, restarts and failures',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const opened: { app: FastifyInstance; database?: Database }[] = [];
    afterAll(async () => {
      for (const { app, database } of opened) {
        await app.close();
        await database?.close();
      }
    });

    /**
     * A second instance on the same database: its own pool on PostgreSQL (as a second
     * process would have), the same PGlite otherwise (PGlite has one connection).
     */
    const secondInstance = async (instanceId?: string): Promise<FastifyInstance> => {
      let database = ctx.database;
      let own: Database | undefined;
      if (ctx.database.kind === 'postgres') {
        const result = (await ctx.database.db.execute(sql`select current_database() as name`)) as {
          rows: { name: string }[];
        };
        const url = new URL(TEST_DATABASE_URL!);
        url.pathname = `/${result.rows[0]!.name}`;
        own = database = await openDatabase({ databaseUrl: url.toString() });
      }
      const app = await buildApp(ctx.config, {
        database,
        appSecret: APP_SECRET,
        now: ctx.clock.now,
        ...(instanceId && { instanceId }),
      });
      await app.ready();
      opened.push({ app, ...(own && { database: own }) });
      await t.pin(MARK, app);
      return app;
    };

    const filledLong = () => t.filledLong();

    it('two instances on one database close each trade once and move the risk state once', async () => {
      const traders = [await filledLong(), await filledLong(), await filledLong()];
      const other = await secondInstance();
      const [a, b] = await Promise.all([ctx.app.reconciler.runOnce(), other.reconciler.runOnce()]);
      expect(a + b).toBe(3);
      for (const { user, placed } of traders) {
        const trade = await t.trade(user.token, placed.id);
        expect(trade).toMatchObject({ status: 'TARGET_HIT', verified: true });
        const risk = await t.risk(user.token);
        expect(risk.tradeStreak).toBe(1);
        expect(risk.totalStats.wins).toBe(1);
        expect(risk.totalStats.totalGain).toBeCloseTo(trade.pnlUsd, 6);
        expect((await t.stored(user.id)).fills).toHaveLength(2);
      }
      expect(await Promise.all([ctx.app.reconciler.runOnce(), other.reconciler.runOnce()])).toEqual(
        [0, 0],
      );
    });

    it('a pass that fails after storing its fills rolls back whole; another instance finishes it once', async () => {
      const { user, placed } = await filledLong();
      // The cursor cannot move: the pass fails after inserting the fills and closing the trade.
      await ctx.database.db.execute(
        sql.raw(`create function stuck_cursor() returns trigger language plpgsql as $$
          begin
            if new.fills_from is distinct from old.fills_from then
              raise exception 'injected failure';
            end if;
            return new;
          end $$`),
      );
      await ctx.database.db.execute(
        sql.raw(`create trigger stuck_cursor before update on exchange_cursors
          for each row execute function stuck_cursor()`),
      );
      try {
        await ctx.app.reconciler.runOnce();
      } finally {
        await ctx.database.db.execute(sql.raw('drop trigger stuck_cursor on exchange_cursors'));
        await ctx.database.db.execute(sql.raw('drop function stuck_cursor()'));
      }
      const failed = await t.stored(user.id);
      expect(failed.fills).toEqual([]);
      expect(failed.trades[0]!.status).toBe('OPEN');
      expect(failed.cursors[0]).toMatchObject({ failures: 1, leaseOwner: null });
      expect(failed.cursors[0]!.retryAt).not.toBeNull();
      expect((await t.risk(user.token)).tradeStreak).toBe(0);

      // After the back-off, a restarted (second) instance closes it, once.
      ctx.clock.set(failed.cursors[0]!.retryAt!.getTime() + 1);
      const other = await secondInstance();
      expect(await other.reconciler.runOnce()).toBe(1);
      expect(await ctx.app.reconciler.runOnce()).toBe(0);
      const trade = await t.trade(user.token, placed.id);
      expect(trade).toMatchObject({ status: 'TARGET_HIT', verified: true });
      const risk = await t.risk(user.token);
      expect(risk.tradeStreak).toBe(1);

      // An instance that died after storing the fills left the cursor behind and its lease:
      // the next one reads the same fills again and drops them by tid.
      await ctx.database.db
        .update(exchangeCursors)
        .set({ fillsFrom: 0, leaseOwner: 'dead-instance', leaseUntil: new Date(0) })
        .where(eq(exchangeCursors.connectionId, user.connectionId));
      const stored = await t.stored(user.id);
      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(true);
      const again = await t.stored(user.id);
      expect(again.trades).toEqual(stored.trades);
      expect(again.fills).toEqual(stored.fills);
      expect(await t.risk(user.token)).toEqual(risk);
    });

    it("a restarted instance (same id) takes its dead predecessor's leases at once", async () => {
      const { user, placed } = await filledLong();
      // The process before the restart died holding the lease for another minute.
      await ctx.database.db
        .update(exchangeCursors)
        .set({ leaseOwner: 'node-a:3000', leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(exchangeCursors.connectionId, user.connectionId));
      const stranger = await secondInstance('node-b:3000');
      expect(await stranger.reconciler.syncConnection(user.id, user.connectionId)).toBe(false);
      const restarted = await secondInstance('node-a:3000');
      const [cursor] = await ctx.database.db
        .select()
        .from(exchangeCursors)
        .where(eq(exchangeCursors.connectionId, user.connectionId));
      expect(cursor).toMatchObject({ leaseOwner: null, leaseUntil: null });
      expect(await restarted.reconciler.runOnce()).toBe(1);
      expect((await t.trade(user.token, placed.id)).status).toBe('TARGET_HIT');
    });

    it("placements at once through two instances keep one trader's daily limit", async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      await t.call(user.token, 'POST', '/api/risk-management/settings', { maxTradesPerDay: 1 });
      const other = await secondInstance();
      const send = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/trades',
          headers: { authorization: `Bearer ${user.token}` },
          payload: { ...LONG, order: { type: 'limit', leverage: 5 } },
        });
      const answers = await Promise.all([send(ctx.app), send(other), send(ctx.app), send(other)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403, 403]);
      const { trades } = await t.stored(user.id);
      expect(trades).toHaveLength(1);
      const open = await t.paperInfo({ type: 'frontendOpenOrders', user: user.wallet });
      expect(open).toHaveLength(1);
      // Leaves nothing for the reconciler of the next tests.
      const cancel = await t.call(user.token, 'POST', `/api/trades/${trades[0]!.id}/cancel-entry`);
      expect(cancel.statusCode, cancel.body).toBe(204);
    });

    it('another instance holding the lease: syncConnection answers false and reads nothing', async () => {
      const { user, placed } = await filledLong();
      await ctx.database.db
        .update(exchangeCursors)
        .set({ leaseOwner: 'other-instance', leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(exchangeCursors.connectionId, user.connectionId));
      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(false);
      expect(await ctx.app.reconciler.runOnce()).toBe(0);
      expect((await t.trade(user.token, placed.id)).status).toBe('OPEN');
      // Once the lease runs out, it is free again.
      ctx.clock.advance(61_000);
      expect(await ctx.app.reconciler.syncConnection(user.id, user.connectionId)).toBe(true);
      expect((await t.trade(user.token, placed.id)).status).toBe('TARGET_HIT');
    });

    it('an exchange error backs off: no call before retry_at, the wait doubles, no secret logged', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      await t.place(user.token, LONG);
      const calls: number[] = [];
      const account = {
        positions: async () => [],
        // The due look at the resting entry: it filled, so the fills are read.
        orderByCloid: async () => ({ oid: 1, coin: 'BTC', status: 'filled', size: 0, origSize: 1 }),
        fillsSince: async (from: number) => {
          calls.push(from);
          throw new ExchangeError('unavailable', 'The exchange is unavailable right now');
        },
      } as unknown as ExchangeAccount;
      const warnings: unknown[] = [];
      const log = {
        warn: (...args: unknown[]) => warnings.push(args),
        error: (...args: unknown[]) => warnings.push(args),
        info: () => undefined,
      } as unknown as FastifyBaseLogger;
      const secret = '0xsecret-private-key';
      const failing = new Reconciler({
        db: ctx.database.db,
        now: ctx.clock.now,
        log,
        keys: {
          resolveControlled: async (_userId: string, id?: string) => ({
            id: id!,
            network: 'paper' as const,
            credentials: { walletAddress: user.wallet as `0x${string}`, privateKey: secret },
          }),
        } as never,
        networks: { account: () => account },
        risk: { applyOutcome: async () => undefined } as never,
        intervalMs: 2_000,
      });
      const cursor = async () =>
        (await t.stored(user.id)).cursors.find((c) => c.connectionId === user.connectionId)!;

      const start = Date.now();
      ctx.clock.set(start);
      // This reconciler does not watch prices (no market): the connection is marked due by hand.
      await markDue(ctx.database.db, [user.connectionId], ctx.clock.now());
      expect(await failing.runOnce()).toBe(1);
      expect(calls).toHaveLength(1);
      expect(await cursor()).toMatchObject({ failures: 1, leaseOwner: null, leaseUntil: null });
      expect((await cursor()).retryAt!.getTime()).toBe(start + 4_000);

      ctx.clock.set(start + 3_999);
      expect(await failing.runOnce()).toBe(0);
      expect(calls).toHaveLength(1);

      ctx.clock.set(start + 4_000);
      expect(await failing.runOnce()).toBe(1);
      expect(calls).toHaveLength(2);
      expect(await cursor()).toMatchObject({ failures: 2 });
      expect((await cursor()).retryAt!.getTime()).toBe(start + 4_000 + 8_000);
      expect(JSON.stringify(warnings)).toContain(user.connectionId);
      expect(JSON.stringify(warnings)).not.toContain(secret);

      // A route's sync learns that the read failed: it cannot know what was filled.
      expect(await failing.syncConnection(user.id, user.connectionId)).toBe(false);

      // Placing a new bracket on the connection clears the back-off.
      await t.place(user.token, LONG);
      expect(await cursor()).toMatchObject({ failures: 0, retryAt: null });
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
