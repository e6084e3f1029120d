import { eq, sql } from 'drizzle-orm';
import { MarkPins } from '@tb/paper-exchange';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.js';
import { UserLocks } from '../lib/user-lock.js';
import { liveIntents, tradeOrders, trades } from '../db/schema/index.js';
import type { FaultPoint, Faults } from '../modules/trades/fault-points.js';
import { TEST_APP_SECRET, type TestContext } from './helper.js';

/**
 * A crash at a chosen step of a live action, in-process and without timing: the armed fault
 * point never returns, so nothing after it runs (no catch, no finally, no record), as when the
 * process is killed there. `restart` then builds a new app on the same database, as a new
 * process would start, and the dead one's PostgreSQL advisory locks end with its connections.
 */
export function crashSwitch() {
  const pins = new MarkPins();
  let armed: FaultPoint | null = null;
  let reached: (() => void) | null = null;
  const faults: Faults = (point) => {
    if (point !== armed) return Promise.resolve();
    armed = null;
    reached?.();
    return new Promise<void>(() => undefined);
  };
  return {
    faults,
    /** The pinned paper marks, kept by the restarted app (give to the suite as paperPins). */
    pins,
    /** Arms `point`; resolves when a request reaches it (and stops there for good). */
    arm(point: FaultPoint): Promise<void> {
      armed = point;
      return new Promise<void>((resolve) => {
        reached = resolve;
      });
    },
  };
}

/**
 * The server "restarts": the dead app's advisory locks are released as its connections die
 * (PostgreSQL), and a new app on the same database and clock takes ctx.app, running its
 * start-up (the reconciler resumes: leases, intents). The dead app is closed afterwards.
 */
export async function restart(
  ctx: TestContext,
  { faults, pins }: { faults: Faults; pins: MarkPins },
): Promise<FastifyInstance> {
  const dead = ctx.app;
  if (ctx.database.kind === 'postgres') {
    await ctx.database.db.execute(
      sql.raw(`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and pid <> pg_backend_pid()
          and database = (select oid from pg_database where datname = current_database())`),
    );
  }
  const app = await buildApp(ctx.config, {
    database: ctx.database,
    now: ctx.clock.now,
    appSecret: TEST_APP_SECRET,
    mailer: ctx.mailer,
    faults,
    paperPins: pins,
    // A new process: the dead one's in-memory lock queue is gone with it.
    userLocks: new UserLocks(ctx.database.advisory),
  });
  await app.ready();
  ctx.app = app;
  await dead.close().catch(() => undefined);
  return app;
}

interface FrontOrder {
  coin: string;
  cloid: string | null;
  isTrigger: boolean;
  reduceOnly: boolean;
  orderType: string;
  children: FrontOrder[];
}

/**
 * The invariants of DESIGN.md section 11 for one trader, read from the paper exchange's own
 * state and the stored rows: every order on the exchange belongs to a journal trade (its
 * entry, take profit, stop or an exit placed from the journal), every open position has a
 * reduce-only stop, and no intent is left. Answers what it read.
 */
export async function expectLiveInvariants(ctx: TestContext, user: { id: string; wallet: string }) {
  const info = async (payload: object) =>
    (await ctx.app.inject({ method: 'POST', url: '/paper/info', payload })).json();
  const open = (await info({ type: 'frontendOpenOrders', user: user.wallet })) as FrontOrder[];
  const orders = open.flatMap((o) => [o, ...o.children]);
  const positions = (await info({ type: 'clearinghouseState', user: user.wallet }))
    .assetPositions as { position: { coin: string; szi: string } }[];
  const db = ctx.database.db;
  const links = await db.select().from(tradeOrders).where(eq(tradeOrders.userId, user.id));
  const rows = await db.select().from(trades).where(eq(trades.userId, user.id));
  const intents = await db.select().from(liveIntents).where(eq(liveIntents.userId, user.id));
  const known = new Set(
    links.flatMap((l) => [l.entryCloid, l.tpCloid, l.slCloid, ...l.otherExitOids]),
  );
  expect(orders.filter((o) => !o.cloid || !known.has(o.cloid))).toEqual([]);
  for (const { position } of positions) {
    const stops = orders.filter(
      (o) => o.coin === position.coin && o.reduceOnly && o.orderType === 'Stop Market',
    );
    expect(stops.length, `${position.coin} ${position.szi} without a stop`).toBeGreaterThan(0);
  }
  expect(intents).toEqual([]);
  return { orders, positions, links, trades: rows };
}
