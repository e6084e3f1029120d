import { randomBytes } from 'node:crypto';
import {
  MarkPins,
  openPaperExchange,
  type Account,
  type FillRecord,
  type FundingRecord,
} from '@tb/paper-exchange';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { paperAccounts, paperFills, paperFundings } from '../../db/schema/index.js';
import { createPgDatabase, DATABASES, openTestDatabase } from '../../test/helper.js';
import { PaperStateRepository } from './paper-state.repository.js';

/** 2025-01-06T00:00:00Z. */
const T0 = 1_736_121_600_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

const newAddress = () => `0x${randomBytes(20).toString('hex')}`;

function account(address: string, openOrders: Account['openOrders'] = []): Account {
  return {
    address,
    usdc: 10_000,
    positions: {},
    leverage: {},
    openOrders,
    lastEvalMs: T0,
    idBlock: 0,
    nextId: 0,
  };
}

/** A fill as the engine records it; only tid, time and coin matter to the store. */
function fill(tid: number, time: number): FillRecord {
  return {
    coin: 'BTC',
    px: '100000',
    sz: '0.001',
    side: 'B',
    time,
    startPosition: '0',
    dir: 'Open Long',
    closedPnl: '0',
    hash: `0x${tid.toString(16).padStart(64, '0')}`,
    oid: tid,
    crossed: true,
    fee: '0.045',
    feeToken: 'USDC',
    tid,
    twapId: null,
  };
}

for (const kind of DATABASES) {
  describe(`the paper store in the database [${kind}]`, () => {
    /** Two handles on one database: two app instances (one PGlite is shared in process). */
    let first: Database;
    let second: Database;
    let drop = async () => undefined as void;

    beforeAll(async () => {
      const pg = kind === 'postgres' ? await createPgDatabase() : undefined;
      if (pg) drop = pg.drop;
      first = await openTestDatabase(pg?.url);
      second = pg ? await openDatabase({ databaseUrl: pg.url }) : first;
    });
    afterAll(async () => {
      if (second !== first) await second?.close();
      await first?.close();
      await drop();
    });

    it('two instances evaluating one account record its fill once', async () => {
      const now = () => T0 + 5 * MINUTE;
      const seeds = { seed: 3, now };
      const a = await openPaperExchange({ store: new PaperStateRepository(first.db), ...seeds });
      const b = await openPaperExchange({ store: new PaperStateRepository(second.db), ...seeds });
      const mids = (await a.info({ type: 'allMids' })).body as Record<string, string>;
      // A buy 5% above the market rests (as if placed at T0) and fills at the first minute.
      const limitPx = String(Math.round(Number(mids.BTC) * 1.05));
      const address = newAddress();
      const resting = {
        oid: 1,
        coin: 'BTC',
        side: 'B' as const,
        limitPx,
        sz: 0.01,
        origSz: 0.01,
        timestamp: T0,
        tif: 'Gtc' as const,
        reduceOnly: false,
        cloid: null,
        status: 'open' as const,
        statusTimestamp: T0,
      };
      const store = new PaperStateRepository(first.db);
      await store.transaction((tx) => tx.insertAccount({ ...account(address, [resting]) }));
      const read = { type: 'clearinghouseState', user: address };
      const answers = await Promise.all([a.info(read), b.info(read), a.info(read), b.info(read)]);
      for (const answer of answers) {
        expect(answer.body).toMatchObject({
          assetPositions: [{ position: { coin: 'BTC', szi: '0.01', entryPx: limitPx } }],
        });
      }
      const [fills] = await first.db
        .select({ n: count() })
        .from(paperFills)
        .where(eq(paperFills.address, address));
      expect(fills?.n).toBe(1);
      const [row] = await first.db
        .select()
        .from(paperAccounts)
        .where(eq(paperAccounts.address, address));
      expect(row).toMatchObject({ openOrders: [], lastEvalMs: now() });
    });

    it('keeps trigger orders in the rows: a position SL fires, its TP sibling is canceled', async () => {
      const now = () => T0 + 5 * MINUTE;
      const exchange = await openPaperExchange({
        store: new PaperStateRepository(first.db),
        seed: 3,
        now,
      });
      const mids = (await exchange.info({ type: 'allMids' })).body as Record<string, string>;
      const mid = Number(mids.BTC);
      const address = newAddress();
      // Oids of a block of its own (oids are unique across the exchange's rows).
      const idBlock = 9_000_000 + Math.floor(Math.random() * 1_000_000);
      const oid = (n: number) => idBlock * 1_000_000 + n;
      const base = {
        coin: 'BTC',
        side: 'A' as const,
        sz: 0,
        origSz: 0,
        timestamp: T0,
        tif: 'Gtc' as const,
        reduceOnly: true,
        cloid: null,
        status: 'open' as const,
        statusTimestamp: T0,
        positionTpsl: true,
      };
      // A long of 0.01 BTC: its SL sits above the market (fires at once), its TP far above.
      const sl = {
        ...base,
        oid: oid(1),
        limitPx: String(Math.round(mid * 0.5)),
        trigger: { isMarket: true, triggerPx: String(Math.round(mid * 2)), tpsl: 'sl' as const },
      };
      const tp = {
        ...base,
        oid: oid(2),
        limitPx: String(Math.round(mid * 0.5)),
        trigger: { isMarket: true, triggerPx: String(Math.round(mid * 3)), tpsl: 'tp' as const },
      };
      const store = new PaperStateRepository(first.db);
      await store.transaction((tx) =>
        tx.insertAccount({
          ...account(address, [sl, tp]),
          positions: { BTC: { szi: 0.01, entryPx: mid } },
          idBlock,
          nextId: 10,
        }),
      );
      const state = await exchange.info({ type: 'clearinghouseState', user: address });
      expect(state.body).toMatchObject({ assetPositions: [] });
      const history = await store.read.orderHistory(address, 10);
      expect(history).toEqual([
        expect.objectContaining({
          oid: oid(2),
          status: 'siblingFilledCanceled',
          positionTpsl: true,
        }),
        expect.objectContaining({ oid: oid(1), status: 'filled', trigger: sl.trigger }),
      ]);
      const fills = await store.read.fills(address, { limit: 10 });
      expect(fills).toMatchObject([
        { oid: oid(1), sz: '0.01', dir: 'Close Long', startPosition: '0.01' },
      ]);
    });

    it('keeps the newest 2,000 fills of an account and answers at most 2,000', async () => {
      const store = new PaperStateRepository(first.db);
      const address = newAddress();
      await store.transaction((tx) => tx.insertAccount(account(address)));
      for (let batch = 0; batch < 5; batch += 1) {
        await store.transaction(async (tx) => {
          const locked = (await tx.lockAccount(address))!;
          const fills = Array.from({ length: 500 }, (_, k) => {
            const n = batch * 500 + k;
            return fill(n + 1, T0 + n);
          });
          await tx.saveAccount(locked, { fills, finished: [], fundings: [], prune: batch === 4 });
        });
      }
      const [stored] = await first.db
        .select({ n: count() })
        .from(paperFills)
        .where(eq(paperFills.address, address));
      expect(stored?.n).toBe(2000);
      const newest = await store.read.fills(address, { limit: 5000 });
      expect(newest).toHaveLength(2000);
      expect(newest[0]?.time).toBe(T0 + 2499);
      const since = await store.read.fills(address, { startTime: T0, limit: 10 });
      expect(since.map((f) => f.time)).toEqual(Array.from({ length: 10 }, (_, k) => T0 + 500 + k));
    });

    it('keeps the newest 2,000 fundings of an account, oldest first (by coin within an hour)', async () => {
      const store = new PaperStateRepository(first.db);
      const address = newAddress();
      await store.transaction((tx) => tx.insertAccount(account(address)));
      const funding = (hour: number, coin: string): FundingRecord => ({
        coin,
        time: T0 + hour * HOUR,
        usdc: -0.125,
        szi: 0.1,
        fundingRate: 0.0000125,
      });
      // 1,100 hours of two positions, 2,200 records, saved in batches of 100 hours.
      for (let batch = 0; batch < 11; batch += 1) {
        await store.transaction(async (tx) => {
          const locked = (await tx.lockAccount(address))!;
          const fundings = Array.from({ length: 100 }, (_, k) => batch * 100 + k + 1).flatMap(
            (hour) => [funding(hour, 'BTC'), funding(hour, 'kPEPE')],
          );
          await tx.saveAccount(locked, { fills: [], finished: [], fundings, prune: batch === 10 });
        });
      }
      const [stored] = await first.db
        .select({ n: count() })
        .from(paperFundings)
        .where(eq(paperFundings.address, address));
      expect(stored?.n).toBe(2000);
      const oldest = await store.read.fundings(address, { startTime: 0, limit: 3 });
      expect(oldest).toEqual([funding(101, 'BTC'), funding(101, 'kPEPE'), funding(102, 'BTC')]);
      const range = await store.read.fundings(address, {
        startTime: T0 + 500 * HOUR,
        endTime: T0 + 501 * HOUR,
        limit: 500,
      });
      expect(range).toEqual([
        funding(500, 'BTC'),
        funding(500, 'kPEPE'),
        funding(501, 'BTC'),
        funding(501, 'kPEPE'),
      ]);
      expect(await store.read.fundings(newAddress(), { startTime: 0, limit: 10 })).toEqual([]);
    });

    it('a position held across hours pays each hour once, stored with the account', async () => {
      const pins = new MarkPins();
      pins.pin('BTC', 100_000, T0 - HOUR);
      let nowMs = T0 + 2 * HOUR + 5 * MINUTE;
      const options = { seed: 3, now: () => nowMs, pins };
      const a = await openPaperExchange({ store: new PaperStateRepository(first.db), ...options });
      const b = await openPaperExchange({ store: new PaperStateRepository(second.db), ...options });
      const address = newAddress();
      const store = new PaperStateRepository(first.db);
      await store.transaction((tx) =>
        tx.insertAccount({
          ...account(address),
          positions: { BTC: { szi: 0.1, entryPx: 100_000 } },
          lastEvalMs: T0 + 10 * MINUTE,
        }),
      );
      const read = { type: 'userFunding', user: address, startTime: T0 };
      const answers = await Promise.all([a.info(read), b.info(read), a.info(read), b.info(read)]);
      const entry = (time: number) => ({
        time,
        hash: `0x${'0'.repeat(64)}`,
        delta: {
          type: 'funding',
          coin: 'BTC',
          usdc: '-0.125',
          szi: '0.1',
          fundingRate: '0.0000125',
          nSamples: null,
        },
      });
      for (const answer of answers) {
        expect(answer).toEqual({ status: 200, body: [entry(T0 + HOUR), entry(T0 + 2 * HOUR)] });
      }
      expect(await store.read.account(address)).toMatchObject({ usdc: 9_999.75 });

      // A long gap: every hour is settled, the newest 2,000 are kept, 500 answered at most.
      nowMs = T0 + 2_100 * HOUR + MINUTE;
      const gap = await a.info({ type: 'userFunding', user: address, startTime: 0 });
      const entries = gap.body as Array<{ time: number }>;
      expect(entries).toHaveLength(500);
      expect(entries[0]?.time).toBe(T0 + 101 * HOUR);
      const [stored] = await first.db
        .select({ n: count() })
        .from(paperFundings)
        .where(eq(paperFundings.address, address));
      expect(stored?.n).toBe(2000);
      const usdc = (await store.read.account(address))?.usdc ?? 0;
      expect(usdc).toBeCloseTo(10_000 - 2_100 * 0.125, 6);
    });

    it('undoes every write of a transaction that fails', async () => {
      const store = new PaperStateRepository(first.db);
      const address = newAddress();
      await store.transaction((tx) => tx.insertAccount(account(address)));
      const failing = store.transaction(async (tx) => {
        const locked = (await tx.lockAccount(address))!;
        locked.usdc = 0;
        await tx.saveAccount(locked, {
          fills: [fill(8_000_000_001, T0)],
          finished: [],
          fundings: [],
          prune: false,
        });
        await tx.saveNonces(address, [T0]);
        throw new Error('the engine failed after writing');
      });
      await expect(failing).rejects.toThrow('the engine failed after writing');
      expect(await store.read.account(address)).toMatchObject({ usdc: 10_000 });
      expect(await store.read.fills(address, { limit: 10 })).toEqual([]);
      const nonces = await store.transaction((tx) => tx.lockNonces(address));
      expect(nonces).toEqual([]);
    });

    it('keeps an agent address with the master that approved it', async () => {
      const store = new PaperStateRepository(first.db);
      const [agent, master, other] = [newAddress(), newAddress(), newAddress()];
      const put = (owner: string, name: string) =>
        store.transaction((tx) =>
          tx.putAgent({ address: agent, master: owner, name, validUntil: T0 + MINUTE }),
        );
      expect(await put(master, 'bot')).toBe(true);
      expect(await put(other, 'thief')).toBe(false);
      expect(await put(master, 'renamed')).toBe(true);
      expect(await store.read.agent(agent)).toEqual({
        address: agent,
        master,
        name: 'renamed',
        validUntil: T0 + MINUTE,
      });
      const agents = await store.transaction((tx) => tx.agentsOf(master));
      expect(agents.map((a) => a.address)).toEqual([agent]);
    });

    if (kind === 'postgres') {
      // PGlite is one connection: its transactions run one at a time by nature.
      it("locks only the request's rows: an open transaction on one account does not hold up another", async () => {
        const store = new PaperStateRepository(first.db);
        const other = new PaperStateRepository(second.db);
        const [held, free] = [newAddress(), newAddress()];
        await store.transaction(async (tx) => {
          await tx.insertAccount(account(held));
          await tx.insertAccount(account(free));
        });
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const slow = store.transaction(async (tx) => {
          await tx.lockAccount(held);
          locked();
          await released;
        });
        await isLocked;
        const answer = await other.transaction(async (tx) => {
          const row = (await tx.lockAccount(free))!;
          row.usdc = 5;
          await tx.saveAccount(row, { fills: [], finished: [], fundings: [], prune: false });
          return row.usdc;
        });
        expect(answer).toBe(5);
        release();
        await slow;
      });
    }
  });
}
