import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addressOfPrivateKey,
  generatePrivateKey,
  handlerTransport,
  HyperliquidExchange,
} from '@tb/hyperliquid';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { createPgDatabase, DATABASES } from '../test/helper.js';
import { migrationsFolder, openDatabase, type Database } from './client.js';

/** The last migration with the one-document paper state (0004 moves it into rows). */
const BEFORE = '0003_email_token_address';

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

const masterKey = generatePrivateKey();
const agentKey = generatePrivateKey();
const MASTER = addressOfPrivateKey(masterKey).toLowerCase();
const AGENT = addressOfPrivateKey(agentKey).toLowerCase();
const OTHER = `0x${'0c'.repeat(20)}`;
/** Half past an hour: the last evaluation a minute earlier is in the same funding hour. */
const NOW = Date.parse('2026-11-29T10:30:00.000Z');

function order(oid: number, status: string, limitPx: string) {
  return {
    oid,
    coin: 'ETH',
    side: 'B',
    limitPx,
    sz: status === 'open' ? 0.5 : 0,
    origSz: 0.5,
    timestamp: NOW - 3_600_000,
    tif: 'Gtc',
    reduceOnly: false,
    cloid: null,
    status,
    statusTimestamp: NOW - 1_800_000,
  };
}

function fill(tid: number, oid: number, time: number) {
  return {
    coin: 'ETH',
    px: '3000',
    sz: '0.25',
    side: 'B',
    time,
    startPosition: '0',
    dir: 'Open Long',
    closedPnl: '0',
    hash: `0x${tid.toString(16).padStart(64, '0')}`,
    oid,
    crossed: true,
    fee: '0.3375',
    feeToken: 'USDC',
    tid,
    twapId: null,
  };
}

/**
 * The paper exchange as release 0003 stored it: one JSON document. Ids were handed out up to
 * 1,234,566 (oids) and 899 (tids).
 */
const SNAPSHOT = {
  version: 1,
  seed: 7,
  nextOid: 1_234_567,
  nextTid: 900,
  lastEvalMs: NOW - 60_000,
  accounts: {
    [MASTER]: {
      address: MASTER,
      usdc: 9_000.5,
      positions: { ETH: { szi: 0.5, entryPx: 3000 } },
      leverage: { ETH: 10 },
      orders: [
        order(1_234_564, 'filled', '3000'),
        order(1_234_565, 'canceled', '2000'),
        order(1_234_566, 'open', '1'),
      ],
      fills: [fill(898, 1_234_564, NOW - 1_900_000), fill(899, 1_234_564, NOW - 1_800_000)],
    },
    [OTHER]: { address: OTHER, usdc: 10_000, positions: {}, leverage: {}, orders: [], fills: [] },
  },
  agents: {
    [AGENT]: {
      address: AGENT,
      master: MASTER,
      name: 'Trading Bingo',
      validUntil: NOW + 86_400_000,
    },
  },
  nonces: { [AGENT]: [NOW - 5000, NOW - 4000], [MASTER]: [NOW - 9000] },
};

for (const kind of DATABASES) {
  describe(`the paper state migration (one document to rows) [${kind}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    let dropPg = async () => undefined as void;
    const folder = migrationsUpTo(BEFORE);

    beforeAll(async () => {
      const pg = kind === 'postgres' ? await createPgDatabase({ empty: true }) : undefined;
      if (pg) dropPg = pg.drop;
      database = await openDatabase({ databaseUrl: pg?.url, migrationsFolder: folder });
      await database.db.execute(sql`
        insert into paper_exchange_state (id, snapshot)
        values ('default', ${JSON.stringify(SNAPSHOT)}::jsonb)`);
      await database.migrate();
      const parsed = parseConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent',
      });
      if (!parsed.ok) throw new Error(parsed.errors.join('; '));
      app = await buildApp(parsed.config, {
        database,
        // The snapshot's time, held: on the wall clock an hour boundary passing between the
        // snapshot and the read charged the ETH position a funding payment.
        now: () => new Date(NOW),
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

    const info = async (body: object) =>
      (await app.inject({ method: 'POST', url: '/paper/info', payload: body })).json();
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

    it('keeps every account with its cash, position, leverage and open order', async () => {
      const state = await info({ type: 'clearinghouseState', user: MASTER });
      expect(state.assetPositions).toEqual([
        expect.objectContaining({
          position: expect.objectContaining({
            coin: 'ETH',
            szi: '0.5',
            entryPx: expect.stringMatching(/^3000(\.0+)?$/),
            leverage: { type: 'cross', value: 10 },
          }),
        }),
      ]);
      const spot = await info({ type: 'spotClearinghouseState', user: MASTER });
      expect(spot.balances[0]).toMatchObject({ coin: 'USDC', total: '9000.5' });
      expect(await info({ type: 'openOrders', user: MASTER })).toEqual([
        expect.objectContaining({ oid: 1_234_566, limitPx: '1', sz: '0.5' }),
      ]);
      const other = await info({ type: 'spotClearinghouseState', user: OTHER });
      expect(other.balances[0]).toMatchObject({ total: '10000' });
    });

    it('keeps the fills and the order history, newest first', async () => {
      const fills = await info({ type: 'userFills', user: MASTER });
      expect(fills.map((f: { tid: number }) => f.tid)).toEqual([899, 898]);
      expect(fills[0]).toEqual(SNAPSHOT.accounts[MASTER]!.fills[1]);
      const history = await info({ type: 'historicalOrders', user: MASTER });
      expect(
        history.map((h: { order: { oid: number }; status: string }) => [h.order.oid, h.status]),
      ).toEqual([
        [1_234_566, 'open'],
        [1_234_565, 'canceled'],
        [1_234_564, 'filled'],
      ]);
    });

    it('keeps the seed, the nonces and the agent, which still trades for its master', async () => {
      expect(await rows(sql`select seed from paper_settings`)).toEqual([{ seed: 7 }]);
      expect(await rows(sql`select nonces from paper_nonces where signer = ${AGENT}`)).toEqual([
        { nonces: SNAPSHOT.nonces[AGENT] },
      ]);
      const transport = handlerTransport({
        isTestnet: true,
        handle: async (endpoint, body) => {
          const res = await app.inject({
            method: 'POST',
            url: `/paper/${endpoint}`,
            payload: body as object,
          });
          return { status: res.statusCode, body: res.json() };
        },
      });
      const account = new HyperliquidExchange({ transport, network: 'paper' }).account({
        walletAddress: MASTER as `0x${string}`,
        privateKey: agentKey,
      });
      await account.cancelOrder(1_234_566, 1);
      expect(await info({ type: 'openOrders', user: MASTER })).toEqual([]);
    });

    it('gives new ids above every id the document handed out, and drops the old table', async () => {
      const blocks = await rows<{ address: string; id_block: string }>(
        sql`select address, id_block::text from paper_accounts order by id_block`,
      );
      expect(blocks.map((b) => Number(b.id_block) * 1_000_000).every((id) => id > 1_234_566)).toBe(
        true,
      );
      expect(new Set(blocks.map((b) => b.id_block)).size).toBe(2);
      const gone = await rows<{ table: string | null }>(
        sql`select to_regclass('paper_exchange_state')::text as table`,
      );
      expect(gone).toEqual([{ table: null }]);
    });
  });
}
