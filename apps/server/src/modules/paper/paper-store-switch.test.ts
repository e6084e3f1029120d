import { randomBytes } from 'node:crypto';
import { openPaperExchange, type Account } from '@tb/paper-exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { paperAccounts } from '../../db/schema/index.js';
import { createPgDatabase, DATABASES, openTestDatabase } from '../../test/helper.js';
import { PaperStateRepository } from './paper-state.repository.js';

/** 2025-01-06T00:00:00Z. */
const T0 = 1_736_121_600_000;
const MINUTE = 60_000;

const newAddress = () => `0x${randomBytes(20).toString('hex')}`;

for (const kind of DATABASES) {
  describe(`the paper store's deposits and dead man's switch [${kind}]`, () => {
    let database: Database;
    let drop = async () => undefined as void;

    beforeAll(async () => {
      const pg = kind === 'postgres' ? await createPgDatabase() : undefined;
      if (pg) drop = pg.drop;
      database = await openTestDatabase(pg?.url);
    });
    afterAll(async () => {
      await database?.close();
      await drop();
    });

    const row = async (address: string) =>
      (await database.db.select().from(paperAccounts).where(eq(paperAccounts.address, address)))[0];

    it("keeps the faucet's deposit in the account row, listed in the ledger", async () => {
      const exchange = await openPaperExchange({
        store: new PaperStateRepository(database.db),
        now: () => T0,
      });
      const user = newAddress();
      await exchange.faucet({ user });
      expect(await row(user)).toMatchObject({ deposits: [{ time: T0, usdc: 10_000 }] });
      const ledger = await exchange.info({ type: 'userNonFundingLedgerUpdates', user });
      expect(ledger.body).toEqual([
        { time: T0, hash: expect.any(String), delta: { type: 'deposit', usdc: '10000' } },
      ]);
    });

    it('fires a stored scheduled cancel as time passes, and clears it', async () => {
      let nowMs = T0;
      const exchange = await openPaperExchange({
        store: new PaperStateRepository(database.db),
        seed: 3,
        now: () => nowMs,
      });
      // A buy far below the market rests until the switch fires at T0 + 1 minute.
      const address = newAddress();
      const resting: Account['openOrders'][number] = {
        oid: 1,
        coin: 'BTC',
        side: 'B',
        limitPx: '1000',
        sz: 0.01,
        origSz: 0.01,
        timestamp: T0,
        tif: 'Gtc',
        reduceOnly: false,
        cloid: null,
        status: 'open',
        statusTimestamp: T0,
      };
      const account: Account = {
        address,
        usdc: 10_000,
        positions: {},
        leverage: {},
        openOrders: [resting],
        lastEvalMs: T0,
        idBlock: 0,
        nextId: 0,
        scheduledCancelMs: T0 + MINUTE,
      };
      await new PaperStateRepository(database.db).transaction((tx) => tx.insertAccount(account));
      expect(await row(address)).toMatchObject({ scheduledCancelMs: T0 + MINUTE, deposits: null });
      nowMs = T0 + 2 * MINUTE;
      const history = await exchange.info({ type: 'historicalOrders', user: address });
      expect(history.body).toMatchObject([
        { status: 'scheduledCancel', statusTimestamp: T0 + MINUTE },
      ]);
      expect(await row(address)).toMatchObject({ openOrders: [], scheduledCancelMs: null });
    });
  });
}
