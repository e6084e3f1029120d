import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { liveIntents, type LiveIntentRow } from '../../db/schema/index.js';

export type LiveIntentKind = LiveIntentRow['kind'];
export type NewLiveIntent = Omit<LiveIntentRow, 'id'>;

/** How many intents one reconciler pass looks at. */
const ORPHAN_BATCH = 20;

/** The live_intents table: live actions written before their exchange call. */
export class LiveIntentsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(intent: NewLiveIntent): Promise<LiveIntentRow> {
    const [row] = await this.db.insert(liveIntents).values(intent).returning();
    return row!;
  }

  /** Removes a resolved intent; false when another pass resolved it first. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(liveIntents)
      .where(eq(liveIntents.id, id))
      .returning({ id: liveIntents.id });
    return rows.length === 1;
  }

  /** New client ids, written before an order with them is sent. */
  async setCloids(id: string, cloids: Record<string, string>): Promise<void> {
    await this.db.update(liveIntents).set({ cloids }).where(eq(liveIntents.id, id));
  }

  /** The user's intents, oldest first. */
  forUser(userId: string): Promise<LiveIntentRow[]> {
    return this.db
      .select()
      .from(liveIntents)
      .where(eq(liveIntents.userId, userId))
      .orderBy(asc(liveIntents.createdAt));
  }

  async byKey(userId: string, key: string): Promise<LiveIntentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(liveIntents)
      .where(and(eq(liveIntents.userId, userId), eq(liveIntents.idempotencyKey, key)))
      .limit(1);
    return row;
  }

  /** Users with intents, those waiting longest first (the reconciler resolves them). */
  async usersWithIntents(): Promise<string[]> {
    const rows = await this.db
      .select({ userId: liveIntents.userId, oldest: sql<string>`min(${liveIntents.createdAt})` })
      .from(liveIntents)
      .groupBy(liveIntents.userId)
      .orderBy(sql`min(${liveIntents.createdAt})`)
      .limit(ORPHAN_BATCH);
    return rows.map((r) => r.userId);
  }
}
