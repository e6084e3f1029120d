import { eq } from 'drizzle-orm';
import type { RiskState } from '@tb/core';
import type { Db } from '../../db/client.js';
import { riskStates, type RiskStateRow } from '../../db/schema/index.js';

/** Anything that runs queries: the database or a transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const toState = (row: RiskStateRow): RiskState => ({
  accountSize: Number(row.accountSize),
  baseTradeSize: Number(row.baseTradeSize),
  currentPercentage: Number(row.currentPercentage),
  tradeStreak: row.tradeStreak,
  slTaken: row.slTaken,
  lastUpdate: row.lastUpdate.toISOString(),
  // Counters stored before `dailyR` existed read as 0 R.
  dailyStats: {
    dailyR: 0,
    ...(row.dailyStats as Partial<RiskState['dailyStats']>),
  } as RiskState['dailyStats'],
  totalStats: row.totalStats as RiskState['totalStats'],
  settings: row.settings as RiskState['settings'],
  pendingSettings: (row.pendingSettings as RiskState['pendingSettings']) ?? null,
  tradingDay: (row.tradingDay as RiskState['tradingDay']) ?? null,
});

const toColumns = (state: RiskState) => ({
  accountSize: String(state.accountSize),
  baseTradeSize: String(state.baseTradeSize),
  currentPercentage: String(state.currentPercentage),
  tradeStreak: state.tradeStreak,
  slTaken: state.slTaken,
  lastUpdate: new Date(state.lastUpdate),
  dailyStats: state.dailyStats,
  totalStats: state.totalStats,
  settings: state.settings,
  pendingSettings: state.pendingSettings,
  tradingDay: state.tradingDay,
});

/** One risk state per user. `forUpdate` reads lock the row for the rest of the transaction. */
export class RiskRepository {
  async find(db: Queryable, userId: string, forUpdate = false): Promise<RiskState | undefined> {
    const query = db.select().from(riskStates).where(eq(riskStates.userId, userId)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ? toState(row) : undefined;
  }

  /** Creates the row unless it exists (a concurrent first read). */
  async insertIfMissing(db: Queryable, userId: string, state: RiskState) {
    await db
      .insert(riskStates)
      .values({ userId, ...toColumns(state) })
      .onConflictDoNothing();
  }

  async save(db: Queryable, userId: string, state: RiskState) {
    await db.update(riskStates).set(toColumns(state)).where(eq(riskStates.userId, userId));
  }
}
