import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailTokens } from '../../db/schema/index.js';

export type EmailTokenPurpose = 'verify' | 'reset';

/** Hashed, single-use, expiring tokens behind the links in verification and reset mails. */
export class EmailTokensRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new token; older unused tokens of the same purpose stop working. */
  async replace(input: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  }) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailTokens)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(emailTokens.userId, input.userId),
            eq(emailTokens.purpose, input.purpose),
            isNull(emailTokens.usedAt),
          ),
        );
      await tx.insert(emailTokens).values({
        userId: input.userId,
        purpose: input.purpose,
        tokenHash: input.tokenHash,
        expiresAt: input.expiresAt,
      });
    });
  }

  /** Marks a live token used and returns its user id; undefined when unknown, used or expired. */
  async consume(
    purpose: EmailTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  }
}
