import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { emailTokens, users } from '../../db/schema/index.js';

export type EmailTokenPurpose = 'verify' | 'reset';

/**
 * Hashed, single-use, expiring tokens behind the links in verification and reset mails. Each is
 * bound to the address it was mailed to: it works only while the account still has that address
 * (the users repository ends a user's links when their email or password changes).
 */
export class EmailTokensRepository {
  constructor(private readonly db: Queryable) {}

  /** Stores a new token mailed to `email`; older unused tokens of the same purpose stop working. */
  async replace(input: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    email: string;
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
        email: input.email,
        expiresAt: input.expiresAt,
      });
    });
  }

  /**
   * Marks a live token used and returns its user and the address it was mailed to; undefined
   * when unknown, used, expired, or mailed to an address the account no longer has (a token
   * stored without an address never matches: SQL's null equals nothing).
   */
  async consume(
    purpose: EmailTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<{ userId: string; email: string } | undefined> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
          sql`${emailTokens.email} = (select ${users.email} from ${users} where ${users.id} = ${emailTokens.userId})`,
        ),
      )
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    return row?.email ? { userId: row.userId, email: row.email } : undefined;
  }

  /**
   * Whether `tokenHash` is a verify link of an account whose address is verified and is still
   * the one the link was mailed to (whatever the link's own state): reopening it then says
   * "already verified" rather than "invalid".
   */
  async isVerifiedAddress(tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, 'verify'),
          eq(users.email, emailTokens.email),
          isNotNull(users.emailVerifiedAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}
