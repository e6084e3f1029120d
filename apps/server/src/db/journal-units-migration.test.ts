import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { createPgDatabase, DATABASES } from '../test/helper.js';
import { migrationsFolder, openDatabase, type Database } from './client.js';

/** The last migration before journal units (0002): the database a release upgrades from. */
const BEFORE = '0001_paper_exchange_state';

/** A copy of the migrations folder that ends at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last === -1) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const USER_A = '00000000-0000-4000-8000-00000000000a';
const USER_B = '00000000-0000-4000-8000-00000000000b';
const USER_C = '00000000-0000-4000-8000-00000000000c';
const stats = (fields: object) => JSON.stringify(fields);

/**
 * Rows as release 0001 stored them: per-unit P/L only, money totals summed from it. User A
 * trades from New York (base trade size $500), user B has no risk state (so $1000), user C
 * has a risk state and no trade.
 */
async function insertLegacyRows(database: Database) {
  const { db } = database;
  await db.execute(sql`
    insert into users (id, username, email, password_hash, time_zone) values
      (${USER_A}, 'legacy_a', 'a@example.com', 'x', 'America/New_York'),
      (${USER_B}, 'legacy_b', 'b@example.com', 'x', 'UTC'),
      (${USER_C}, 'legacy_c', 'c@example.com', 'x', 'UTC')`);
  const settings = stats({ maxDailyLoss: 500, maxTradesPerDay: 3 });
  const daily = (date: string | null) =>
    stats({
      lastTradeDate: date,
      // Fewer than the rows of that day: the migration counts the rows (and never goes lower
      // than what was stored, so trades deleted before the upgrade give no slot back).
      trades: 2,
      wins: 1,
      losses: 1,
      dailyProfit: 3000,
      dailyLoss: 100,
    });
  const totals = stats({
    trades: 3,
    wins: 1,
    losses: 2,
    totalGain: 2890,
    totalRisk: 110,
    totalReward: 3000,
    averageRR: 54.55,
  });
  await db.execute(sql`
    insert into risk_states (user_id, base_trade_size, daily_stats, total_stats, settings) values
      (${USER_A}, '500', ${daily('2026-03-09')}::jsonb, ${totals}::jsonb, ${settings}::jsonb),
      (${USER_C}, '700', ${daily(null)}::jsonb, ${totals}::jsonb, ${settings}::jsonb)`);
  // America/New_York is UTC-4 from 2026-03-08: 2026-03-10T02:00Z is still the 9th there.
  await db.execute(sql`
    insert into trades (user_id, pair, is_long, entry_price, stop_loss, take_profit,
                        risk_reward_ratio, score, status, profit_loss, created_at, closed_at) values
      (${USER_A}, 'BTCUSDT', true, 61000, 60000, 64000, 3, 12, 'TARGET_HIT', 3000,
        '2026-03-09T15:00:00Z', '2026-03-09T16:00:00Z'),
      (${USER_A}, 'ETHUSDT', false, 3000, 3100, 2800, 2, 5, 'STOPLOSS_HIT', -100,
        '2026-03-09T20:00:00Z', '2026-03-10T02:00:00Z'),
      (${USER_A}, 'SOLUSDT', true, 100, 90, 120, 2, 20, 'STOPLOSS_HIT', -10,
        '2026-03-08T12:00:00Z', '2026-03-08T13:00:00Z'),
      (${USER_A}, 'BTCUSDT', true, 100, 90, 130, 3, 16, 'OPEN', null,
        '2026-03-10T03:00:00Z', null),
      (${USER_A}, 'BTCUSDT', true, 100, 90, 130, 3, 10, 'OPEN', null,
        '2026-03-09T03:00:00Z', null),
      (${USER_B}, 'BTCUSDT', true, 200, 190, 220, 2, 0, 'TARGET_HIT', 20,
        '2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z')`);
}

interface MigratedTrade {
  pair: string;
  status: string;
  score: number;
  tier: number;
  cells: unknown;
  target_manual: boolean;
  size_estimated: boolean;
  size_usd: string;
  quantity: string;
  risk_usd: string;
  exit_price: string | null;
  r_multiple: string | null;
  pnl_usd: string | null;
}

for (const kind of DATABASES) {
  describe(`the journal-units migration of existing rows [${kind}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    let dropPg = async () => undefined as void;
    const folder = migrationsUpTo(BEFORE);

    beforeAll(async () => {
      const pg = kind === 'postgres' ? await createPgDatabase({ empty: true }) : undefined;
      if (pg) dropPg = pg.drop;
      database = await openDatabase({ databaseUrl: pg?.url, migrationsFolder: folder });
      await insertLegacyRows(database);
      await database.migrate();
      const parsed = parseConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent',
        LEADERBOARD_CACHE_MS: '0',
      });
      if (!parsed.ok) throw new Error(parsed.errors.join('; '));
      app = await buildApp(parsed.config, {
        database,
        appSecret: 'test-secret-that-is-long-enough-0123456789',
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await dropPg();
      rmSync(folder, { recursive: true, force: true });
    });

    const tradesOf = async (userId: string) =>
      (
        (await database.db.execute(sql`
          select pair, status, score::float8 as score, tier, cells, target_manual, size_estimated,
                 size_usd::text, quantity::text, risk_usd::text, exit_price::text,
                 r_multiple::text, pnl_usd::text
          from trades where user_id = ${userId} order by created_at`)) as unknown as {
          rows: MigratedTrade[];
        }
      ).rows;
    const riskOf = async (userId: string) =>
      (
        (await database.db.execute(sql`
          select daily_stats, total_stats from risk_states where user_id = ${userId}`)) as unknown as {
          rows: Array<{
            daily_stats: Record<string, unknown>;
            total_stats: Record<string, unknown>;
          }>;
        }
      ).rows[0]!;

    it("sizes every trade with its owner's base trade size, marked estimated, tier from the score", async () => {
      const rows = await tradesOf(USER_A);
      expect(rows.map((r) => [r.score, r.tier])).toEqual([
        [20, 5],
        [10, 2],
        [12, 3],
        [5, 1],
        [16, 4],
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ cells: null, target_manual: false, size_estimated: true });
        expect(Number(row.size_usd)).toBe(500);
      }
      const [sol, open, btc, eth] = rows;
      expect(Number(btc!.quantity)).toBeCloseTo(500 / 61000, 15);
      expect(Number(btc!.risk_usd)).toBe(8.196721);
      expect(Number(eth!.risk_usd)).toBe(16.666667);
      expect(Number(sol!.quantity)).toBe(5);
      expect(Number(sol!.risk_usd)).toBe(50);
      expect(open).toMatchObject({ exit_price: null, r_multiple: null, pnl_usd: null });
      const [bTrade] = await tradesOf(USER_B);
      expect(bTrade).toMatchObject({ size_estimated: true, tier: 1 });
      expect(Number(bTrade!.size_usd)).toBe(1000);
      expect(Number(bTrade!.pnl_usd)).toBe(100);
    });

    it('closes the closed ones at their target or stop, with R and P/L in USD', async () => {
      const [sol, , btc, eth] = await tradesOf(USER_A);
      expect(
        [btc, eth, sol].map((r) => [r!.exit_price, r!.r_multiple, r!.pnl_usd].map(Number)),
      ).toEqual([
        [64000, 3, 24.590164],
        [3100, -1, -16.666667],
        [90, -1, -50],
      ]);
    });

    it('recomputes the totals in USD from the closed trades and keeps the counts', async () => {
      const { total_stats: totals } = await riskOf(USER_A);
      expect(totals).toEqual({
        trades: 3,
        wins: 1,
        losses: 2,
        totalGain: -42.076503,
        totalReward: 24.590164,
        totalRisk: 66.666667,
        averageRR: 0.74,
      });
      const { total_stats: none, daily_stats: untouched } = await riskOf(USER_C);
      expect(none).toMatchObject({ totalGain: 0, totalReward: 0, totalRisk: 0, averageRR: 0 });
      expect(untouched).toMatchObject({ lastTradeDate: null, trades: 2, dailyProfit: 3000 });
    });

    it("recomputes the recorded day's counters in the user's time zone", async () => {
      const { daily_stats: daily } = await riskOf(USER_A);
      expect(daily).toEqual({
        lastTradeDate: '2026-03-09',
        trades: 3,
        wins: 1,
        losses: 1,
        dailyProfit: 24.590164,
        dailyLoss: 16.666667,
        dailyR: 2,
      });
    });

    it('serves the migrated trades in the API shape, marked estimated', async () => {
      await database.db.execute(
        sql`update users set password_hash = ${await hash('correct-horse')} where id = ${USER_A}`,
      );
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: 'legacy_a', password: 'correct-horse' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const res = await app.inject({
        method: 'GET',
        url: '/api/trades',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const btc = res
        .json()
        .find((t: { pair: string; status: string }) => t.status === 'TARGET_HIT');
      expect(btc).toMatchObject({
        pair: 'BTCUSDT',
        sizeUsd: 500,
        sizeEstimated: true,
        cells: null,
        streakAtOpen: null,
        accountSizeAtOpen: null,
        exitPrice: 64000,
        rMultiple: 3,
        pnlUsd: 24.590164,
        profitLoss: 3000,
      });
    });

    it('ranks the leaderboard by the gain in USD; new rows are recorded sizes', async () => {
      // Journal trades: the self-reported view.
      const res = await app.inject({ method: 'GET', url: '/api/leaderboard?verified=false' });
      expect(res.statusCode).toBe(200);
      const rows = Object.fromEntries(
        res.json().map((r: { username: string; totalGain: number }) => [r.username, r.totalGain]),
      );
      expect(rows).toEqual({ legacy_a: -42.08, legacy_b: 100 });
      const inserted = await database.db.execute(sql`
        insert into trades (user_id, pair, is_long, entry_price, stop_loss, take_profit,
                            risk_reward_ratio, size_usd, quantity, risk_usd)
        values (${USER_B}, 'BTCUSDT', true, 100, 90, 120, 2, 1000, 10, 100)
        returning size_estimated, tier, target_manual`);
      expect((inserted as unknown as { rows: unknown[] }).rows[0]).toEqual({
        size_estimated: false,
        tier: 1,
        target_manual: false,
      });
    });
  });
}
