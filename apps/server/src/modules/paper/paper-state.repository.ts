import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type {
  Account,
  AccountChanges,
  AccountFill,
  Agent,
  FillQuery,
  FillRecord,
  FundingQuery,
  FundingRecord,
  OrderRecord,
  PaperReads,
  PaperStore,
  PaperTransaction,
} from '@tb/paper-exchange';
import { MAX_ITEMS_PER_QUERY } from '@tb/paper-exchange';
import type { Queryable } from '../../db/client.js';
import {
  paperAccounts,
  paperAgents,
  paperFills,
  paperFundings,
  paperIdBlocks,
  paperNonces,
  paperOrders,
  paperSettings,
} from '../../db/schema/index.js';

const SETTINGS_ID = 'default';

type AccountRow = typeof paperAccounts.$inferSelect;

function toAccount(row: AccountRow): Account {
  return {
    address: row.address,
    usdc: row.usdc,
    positions: row.positions as Account['positions'],
    leverage: row.leverage as Account['leverage'],
    ...(row.isolated.length > 0 ? { isolated: row.isolated } : {}),
    openOrders: row.openOrders,
    lastEvalMs: row.lastEvalMs,
    idBlock: row.idBlock,
    nextId: row.nextId,
    ...(row.deposits ? { deposits: row.deposits } : {}),
    ...(row.scheduledCancelMs === null ? {} : { scheduledCancelMs: row.scheduledCancelMs }),
  };
}

function accountColumns(account: Account) {
  return {
    usdc: account.usdc,
    positions: account.positions,
    leverage: account.leverage,
    isolated: account.isolated ?? [],
    openOrders: account.openOrders,
    lastEvalMs: account.lastEvalMs,
    idBlock: account.idBlock,
    nextId: account.nextId,
    deposits: account.deposits ?? null,
    scheduledCancelMs: account.scheduledCancelMs ?? null,
  };
}

const fundingColumns = {
  coin: paperFundings.coin,
  time: paperFundings.time,
  usdc: paperFundings.usdc,
  szi: paperFundings.szi,
  fundingRate: paperFundings.fundingRate,
};

/** Rows in one insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

const agentColumns = {
  address: paperAgents.address,
  master: paperAgents.master,
  name: paperAgents.name,
  validUntil: paperAgents.validUntil,
};

/** Reads of committed rows, without locks: what the paper exchange's /info answers from. */
class PaperReadQueries implements PaperReads {
  constructor(protected readonly db: Queryable) {}

  async account(address: string): Promise<Account | undefined> {
    const [row] = await this.db
      .select()
      .from(paperAccounts)
      .where(eq(paperAccounts.address, address))
      .limit(1);
    return row && toAccount(row);
  }

  async agent(address: string): Promise<Agent | undefined> {
    const [row] = await this.db
      .select(agentColumns)
      .from(paperAgents)
      .where(eq(paperAgents.address, address))
      .limit(1);
    return row;
  }

  async agentsOf(master: string): Promise<Agent[]> {
    return this.db.select(agentColumns).from(paperAgents).where(eq(paperAgents.master, master));
  }

  async fills(address: string, query: FillQuery): Promise<FillRecord[]> {
    const limit = Math.min(query.limit, MAX_ITEMS_PER_QUERY);
    const mine = eq(paperFills.address, address);
    if (query.startTime === undefined) {
      const rows = await this.db
        .select({ fill: paperFills.fill })
        .from(paperFills)
        .where(mine)
        .orderBy(desc(paperFills.time), desc(paperFills.tid))
        .limit(limit);
      return rows.map((row) => row.fill);
    }
    const inRange = and(
      mine,
      gte(paperFills.time, query.startTime),
      query.endTime === undefined ? undefined : lte(paperFills.time, query.endTime),
    );
    const rows = await this.db
      .select({ fill: paperFills.fill })
      .from(paperFills)
      .where(inRange)
      .orderBy(asc(paperFills.time), asc(paperFills.tid))
      .limit(limit);
    return rows.map((row) => row.fill);
  }

  async fundings(address: string, query: FundingQuery): Promise<FundingRecord[]> {
    return this.db
      .select(fundingColumns)
      .from(paperFundings)
      .where(
        and(
          eq(paperFundings.address, address),
          gte(paperFundings.time, query.startTime),
          query.endTime === undefined ? undefined : lte(paperFundings.time, query.endTime),
        ),
      )
      .orderBy(asc(paperFundings.time), sql`${paperFundings.coin} collate "C"`)
      .limit(Math.min(query.limit, MAX_ITEMS_PER_QUERY));
  }

  async orderHistory(address: string, limit: number): Promise<OrderRecord[]> {
    const rows = await this.db
      .select({ order: paperOrders.order })
      .from(paperOrders)
      .where(eq(paperOrders.address, address))
      .orderBy(desc(paperOrders.oid))
      .limit(Math.min(limit, MAX_ITEMS_PER_QUERY));
    return rows.map((row) => row.order);
  }

  async recentTakerFills(coin: string, sinceMs: number, limit: number): Promise<AccountFill[]> {
    return this.db
      .select({ address: paperFills.address, fill: paperFills.fill })
      .from(paperFills)
      .where(
        and(eq(paperFills.coin, coin), gte(paperFills.time, sinceMs), eq(paperFills.crossed, true)),
      )
      .orderBy(desc(paperFills.time))
      .limit(limit);
  }
}

/**
 * One transaction: `lock…` reads take row locks (SELECT ... FOR UPDATE) held until it ends,
 * so two requests on one account, from one app instance or several, run one after the other,
 * and requests on other accounts do not wait.
 */
class PaperTransactionQueries extends PaperReadQueries implements PaperTransaction {
  async lockAccount(address: string): Promise<Account | undefined> {
    const [row] = await this.db
      .select()
      .from(paperAccounts)
      .where(eq(paperAccounts.address, address))
      .for('update');
    return row && toAccount(row);
  }

  async insertAccount(account: Account): Promise<boolean> {
    const rows = await this.db
      .insert(paperAccounts)
      .values({ address: account.address, ...accountColumns(account) })
      .onConflictDoNothing()
      .returning({ address: paperAccounts.address });
    return rows.length > 0;
  }

  async saveAccount(account: Account, changes: AccountChanges): Promise<void> {
    const { address } = account;
    await this.db
      .update(paperAccounts)
      .set(accountColumns(account))
      .where(eq(paperAccounts.address, address));
    if (changes.fills.length > 0) {
      await this.db.insert(paperFills).values(
        changes.fills.map((fill) => ({
          tid: fill.tid,
          address,
          coin: fill.coin,
          time: fill.time,
          crossed: fill.crossed,
          fill,
        })),
      );
    }
    if (changes.finished.length > 0) {
      await this.db
        .insert(paperOrders)
        .values(changes.finished.map((order) => ({ oid: order.oid, address, order })));
    }
    // After a long gap, only the newest MAX_ITEMS_PER_QUERY: older ones would be pruned anyway.
    const fundings = changes.fundings.slice(-MAX_ITEMS_PER_QUERY);
    for (let i = 0; i < fundings.length; i += INSERT_CHUNK) {
      await this.db
        .insert(paperFundings)
        .values(fundings.slice(i, i + INSERT_CHUNK).map((funding) => ({ address, ...funding })));
    }
    if (changes.prune) await this.#prune(address);
  }

  /** Drops what no query can return any more: fills, orders, fundings past the newest 2,000. */
  async #prune(address: string): Promise<void> {
    await this.db.execute(sql`
      delete from ${paperFills} where ${paperFills.address} = ${address} and ${paperFills.tid} in (
        select ${paperFills.tid} from ${paperFills} where ${paperFills.address} = ${address}
        order by ${paperFills.time} desc, ${paperFills.tid} desc offset ${MAX_ITEMS_PER_QUERY})`);
    await this.db.execute(sql`
      delete from ${paperOrders} where ${paperOrders.address} = ${address} and ${paperOrders.oid} in (
        select ${paperOrders.oid} from ${paperOrders} where ${paperOrders.address} = ${address}
        order by ${paperOrders.oid} desc offset ${MAX_ITEMS_PER_QUERY})`);
    await this.db.execute(sql`
      delete from ${paperFundings} where ${paperFundings.address} = ${address}
        and (${paperFundings.time}, ${paperFundings.coin}) in (
        select ${paperFundings.time}, ${paperFundings.coin} from ${paperFundings}
        where ${paperFundings.address} = ${address}
        order by ${paperFundings.time} desc, ${paperFundings.coin} collate "C" desc
        offset ${MAX_ITEMS_PER_QUERY})`);
  }

  async lockNonces(signer: string): Promise<number[]> {
    const locked = () =>
      this.db
        .select({ nonces: paperNonces.nonces })
        .from(paperNonces)
        .where(eq(paperNonces.signer, signer))
        .for('update');
    const [row] = await locked();
    if (row) return row.nonces;
    // A first request of this signer: create its row, or wait for the one a concurrent first
    // request is creating, and lock it.
    await this.db.insert(paperNonces).values({ signer, nonces: [] }).onConflictDoNothing();
    const [created] = await locked();
    return created?.nonces ?? [];
  }

  async saveNonces(signer: string, nonces: number[]): Promise<void> {
    await this.db.update(paperNonces).set({ nonces }).where(eq(paperNonces.signer, signer));
  }

  async putAgent(agent: Agent): Promise<boolean> {
    const rows = await this.db
      .insert(paperAgents)
      .values(agent)
      .onConflictDoUpdate({
        target: paperAgents.address,
        set: { name: agent.name, validUntil: agent.validUntil },
        // An address another master holds is left alone (no row returned).
        setWhere: eq(paperAgents.master, agent.master),
      })
      .returning({ address: paperAgents.address });
    return rows.length > 0;
  }

  async deleteAgent(address: string): Promise<void> {
    await this.db.delete(paperAgents).where(eq(paperAgents.address, address));
  }

  async newIdBlock(): Promise<number> {
    const result = await this.db.execute(
      sql`select nextval(${paperIdBlocks.seqName}::regclass) as block`,
    );
    const [row] = (result as unknown as { rows: Array<{ block: string | number }> }).rows;
    return Number(row?.block);
  }
}

/**
 * The paper exchange's store in the app's database (PGlite or PostgreSQL): one row per
 * account, agent and signer, fills, finished orders and fundings as insert-only rows. Each
 * request is one transaction, so a request that fails changes nothing and an acknowledged one
 * is stored.
 */
export class PaperStateRepository implements PaperStore {
  readonly read: PaperReads;

  constructor(private readonly db: Queryable) {
    this.read = new PaperReadQueries(db);
  }

  async seed(initial: number): Promise<number> {
    await this.db
      .insert(paperSettings)
      .values({ id: SETTINGS_ID, seed: initial })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ seed: paperSettings.seed })
      .from(paperSettings)
      .where(eq(paperSettings.id, SETTINGS_ID));
    return row?.seed ?? initial;
  }

  transaction<T>(work: (tx: PaperTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PaperTransactionQueries(tx)));
  }
}
