import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { paymentEvents, payments, type PaymentRow } from '../../db/schema/index.js';

export type PaymentChange = Partial<
  Pick<
    PaymentRow,
    | 'state'
    | 'invoiceId'
    | 'invoiceUrl'
    | 'providerPaymentId'
    | 'payCurrency'
    | 'payAmount'
    | 'actuallyPaid'
    | 'activatedAt'
  >
>;

/** Payments and the provider's reports on them (DESIGN.md section 14). */
export class PaymentsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(input: {
    userId: string;
    username: string;
    plan: PaymentRow['plan'];
    priceUsd: number;
  }) {
    const [row] = await this.db.insert(payments).values(input).returning();
    return row!;
  }

  async update(id: string, change: PaymentChange, now: Date) {
    const [row] = await this.db
      .update(payments)
      .set({ ...change, updatedAt: now })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  }

  async delete(id: string) {
    await this.db.delete(payments).where(eq(payments.id, id));
  }

  /** The payment, its row locked until the transaction ends (an IPN's changes in turn). */
  async lock(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  }

  async findOwn(userId: string, id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.userId, userId)));
    return row;
  }

  async listOwn(userId: string, limit = 50): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
  }

  async list(state: string | undefined, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(state ? eq(payments.state, state) : sql`true`)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
  }

  /**
   * Records one status the provider reported for one of its payments; false when it was
   * recorded before (a replay or a second delivery), which then changes nothing.
   */
  async recordEvent(input: {
    paymentId: string;
    providerPaymentId: string;
    status: string;
    body: unknown;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(paymentEvents)
      .values(input)
      .onConflictDoNothing()
      .returning({ status: paymentEvents.status });
    return rows.length === 1;
  }
}
