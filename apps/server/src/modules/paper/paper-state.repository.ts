import { eq } from 'drizzle-orm';
import type { PaperSnapshot, PaperStore } from '@tb/paper-exchange';
import type { Db } from '../../db/client.js';
import { paperExchangeState } from '../../db/schema/index.js';

const ROW_ID = 'default';

/**
 * The paper exchange's store in the app's database: one JSON snapshot row, written before a
 * mutating request is answered (the paper exchange awaits `save`), so an acknowledged paper
 * order survives a crash.
 */
export class PaperStateRepository implements PaperStore {
  constructor(private readonly db: Db) {}

  async load(): Promise<PaperSnapshot | null> {
    const [row] = await this.db
      .select({ snapshot: paperExchangeState.snapshot })
      .from(paperExchangeState)
      .where(eq(paperExchangeState.id, ROW_ID))
      .limit(1);
    return (row?.snapshot as PaperSnapshot | undefined) ?? null;
  }

  async save(snapshot: PaperSnapshot): Promise<void> {
    const updatedAt = new Date();
    await this.db
      .insert(paperExchangeState)
      .values({ id: ROW_ID, snapshot, updatedAt })
      .onConflictDoUpdate({ target: paperExchangeState.id, set: { snapshot, updatedAt } });
  }
}
