import { eq } from 'drizzle-orm';
import type { SignalTypes } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import { signalSettings } from '../../db/schema/index.js';

/** A user's stored settings; the webhook URL sealed. */
export interface StoredSignalSettings {
  webhookUrlEnc: string | null;
  active: boolean;
  types: SignalTypes;
}

/** One signal_settings row per user. */
export class SignalsRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: string): Promise<StoredSignalSettings | undefined> {
    const [row] = await this.db
      .select()
      .from(signalSettings)
      .where(eq(signalSettings.userId, userId))
      .limit(1);
    return row && { ...row, types: row.types as SignalTypes };
  }

  async save(userId: string, settings: StoredSignalSettings, now: Date) {
    const values = { ...settings, updatedAt: now };
    await this.db
      .insert(signalSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: signalSettings.userId, set: values });
  }
}
