import type { ContactMailStatus } from '@tb/core';
import { count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { contactMessages, users, type ContactMessageRow } from '../../db/schema/index.js';

/** A stored message with the sender's current username, when signed in and still an account. */
export interface NamedContactMessage extends ContactMessageRow {
  username: string | null;
}

/** Contact Us messages: stored first, their mail's outcome recorded after. No rules here. */
export class ContactRepository {
  constructor(private readonly db: Queryable) {}

  async insert(input: {
    userId: string | null;
    name: string;
    email: string;
    message: string;
    createdAt: Date;
  }): Promise<ContactMessageRow> {
    const [row] = await this.db.insert(contactMessages).values(input).returning();
    return row!;
  }

  /** What became of the mail to the admins. */
  async setMailResult(
    id: string,
    result: { status: ContactMailStatus; mailedAt: Date | null; error: string | null },
  ): Promise<void> {
    await this.db
      .update(contactMessages)
      .set({ mailStatus: result.status, mailedAt: result.mailedAt, mailError: result.error })
      .where(eq(contactMessages.id, id));
  }

  /** One page, newest first, with the sender's username joined in. */
  async page(opts: {
    limit: number;
    offset: number;
  }): Promise<{ rows: NamedContactMessage[]; total: number }> {
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ message: contactMessages, username: users.username })
        .from(contactMessages)
        .leftJoin(users, eq(users.id, contactMessages.userId))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(opts.limit)
        .offset(opts.offset),
      this.db.select({ n: count() }).from(contactMessages),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.message, username: r.username })),
      total: totalRow?.n ?? 0,
    };
  }
}
