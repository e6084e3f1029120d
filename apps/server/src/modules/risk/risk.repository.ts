import { eq } from 'drizzle-orm';
import type { RiskState } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import { riskStates, type RiskStateRow } from '../../db/schema/index.js';

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
  constructor(private readonly db: Queryable) {}

  async find(userId: string, forUpdate = false): Promise<RiskState | undefined> {
    const query = this.db.select().from(riskStates).where(eq(riskStates.userId, userId)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ? toState(row) : undefined;
  }

  /** Creates the row unless it exists (a concurrent first read). */
  async insertIfMissing(userId: string, state: RiskState) {
    await this.db
      .insert(riskStates)
      .values({ userId, ...toColumns(state) })
      .onConflictDoNothing();
  }

  async save(userId: string, state: RiskState) {
    await this.db.update(riskStates).set(toColumns(state)).where(eq(riskStates.userId, userId));
  }
}
