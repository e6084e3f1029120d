import { and, count, desc, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { exchangeCredentials, users, type ExchangeCredentialRow } from '../../db/schema/index.js';

/** What a stored key is made of; `apiSecretEnc` is the sealed private key. */
export interface CredentialInput {
  exchangeId: 'hyperliquid';
  network: 'mainnet' | 'testnet' | 'paper';
  walletAddress: string;
  apiKey: string;
  apiSecretEnc: string;
  isActive: boolean;
  /** Known at creation for a paper key (its agent was approved here); else checked later. */
  control?: 'wallet' | 'agent' | 'none' | null;
  controlCheckedAt?: Date | null;
}

/** Queries on exchange_credentials; every read and write is scoped to its owner. */
export class ApiKeysRepository {
  constructor(private readonly db: Queryable) {}

  async list(userId: string): Promise<ExchangeCredentialRow[]> {
    return this.db
      .select()
      .from(exchangeCredentials)
      .where(eq(exchangeCredentials.userId, userId))
      .orderBy(desc(exchangeCredentials.createdAt), desc(exchangeCredentials.id));
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(exchangeCredentials)
      .where(eq(exchangeCredentials.userId, userId));
    return row?.n ?? 0;
  }

  async find(userId: string, id: string): Promise<ExchangeCredentialRow | undefined> {
    const [row] = await this.db
      .select()
      .from(exchangeCredentials)
      .where(and(eq(exchangeCredentials.userId, userId), eq(exchangeCredentials.id, id)))
      .limit(1);
    return row;
  }

  /** The user's newest active key, or the active key `id` when given. */
  async findActive(userId: string, id?: string): Promise<ExchangeCredentialRow | undefined> {
    const [row] = await this.db
      .select()
      .from(exchangeCredentials)
      .where(
        and(
          eq(exchangeCredentials.userId, userId),
          eq(exchangeCredentials.isActive, true),
          id === undefined ? undefined : eq(exchangeCredentials.id, id),
        ),
      )
      .orderBy(desc(exchangeCredentials.createdAt), desc(exchangeCredentials.id))
      .limit(1);
    return row;
  }

  /**
   * Inserts the key unless the user already holds `limits.total` keys, or `limits.sameNetwork`
   * keys of its network when given (`full` says which). The user's row is locked for the
   * counts, so two simultaneous adds cannot both pass a limit.
   */
  async insertIfUnder(
    userId: string,
    input: CredentialInput,
    limits: { total: number; sameNetwork?: number },
    now: Date,
  ): Promise<{ row: ExchangeCredentialRow } | { full: 'total' | 'network' }> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [held] = await tx
        .select({
          n: count(),
          sameNetwork: count(
            sql`case when ${exchangeCredentials.network} = ${input.network} then 1 end`,
          ),
        })
        .from(exchangeCredentials)
        .where(eq(exchangeCredentials.userId, userId));
      if ((held?.n ?? 0) >= limits.total) return { full: 'total' as const };
      if ((held?.sameNetwork ?? 0) >= (limits.sameNetwork ?? Infinity)) {
        return { full: 'network' as const };
      }
      const [row] = await tx
        .insert(exchangeCredentials)
        .values({ userId, ...input, createdAt: now, updatedAt: now })
        .returning();
      return { row: row! };
    });
  }

  /** How many keys of `network` the user holds. */
  async countOfNetwork(userId: string, network: CredentialInput['network']): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(exchangeCredentials)
      .where(and(eq(exchangeCredentials.userId, userId), eq(exchangeCredentials.network, network)));
    return row?.n ?? 0;
  }

  async update(
    userId: string,
    id: string,
    input: Omit<CredentialInput, 'exchangeId'>,
    now: Date,
  ): Promise<ExchangeCredentialRow | undefined> {
    const [row] = await this.db
      .update(exchangeCredentials)
      .set({ ...input, updatedAt: now })
      .where(and(eq(exchangeCredentials.userId, userId), eq(exchangeCredentials.id, id)))
      .returning();
    return row;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(exchangeCredentials)
      .where(and(eq(exchangeCredentials.userId, userId), eq(exchangeCredentials.id, id)))
      .returning({ id: exchangeCredentials.id });
    return rows.length > 0;
  }

  /** Stores what the exchange said of the API wallet's control of the account. */
  async setControl(id: string, control: 'wallet' | 'agent' | 'none', now: Date): Promise<void> {
    await this.db
      .update(exchangeCredentials)
      .set({ control, controlCheckedAt: now })
      .where(eq(exchangeCredentials.id, id));
  }

  /** Records a use, at most once a minute per key: polling must not write on every read. */
  async touch(id: string, now: Date) {
    await this.db
      .update(exchangeCredentials)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(exchangeCredentials.id, id),
          or(
            isNull(exchangeCredentials.lastUsedAt),
            lt(exchangeCredentials.lastUsedAt, new Date(now.getTime() - 60_000)),
          ),
        ),
      );
  }
}
