import { PLANS, type AdminPayment, type Payment, type PaymentState, type PlanId } from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.js';
import type { PaymentRow, UserRow } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { MailQueue } from '../../lib/mail-queue.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { revokeSessions } from '../../lib/session-cache.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { extendPlan } from '../subscriptions/extend-plan.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { ACTIVATING, IpnSchema, paysInFull, stateOf, type Ipn } from './ipn.js';
import {
  createInvoice,
  isSignedIpn,
  ProviderError,
  type NowPaymentsConfig,
} from './nowpayments.js';
import { receiptMail } from './payments.mails.js';
import { PaymentsRepository } from './payments.repository.js';

export interface PaymentsDeps {
  db: Db;
  /** NOWPayments, or null when its keys are not set (the static links remain). */
  provider: NowPaymentsConfig | null;
  users: UsersRepository;
  publicUrl: string;
  mails: MailQueue;
  state?: SharedState | undefined;
  log: FastifyBaseLogger;
  now: Clock;
  fetchImpl?: typeof fetch;
}

/** The states after which the invoice page is of no more use. */
const CLOSED: ReadonlySet<PaymentState> = new Set(['paid', 'expired', 'failed', 'refunded']);

/** A payment as its trader sees it. */
export function paymentView(row: PaymentRow): Payment {
  const state = row.state as PaymentState;
  const missing =
    state === 'partially_paid' && row.payAmount != null && row.actuallyPaid != null
      ? Math.max(0, row.payAmount - row.actuallyPaid)
      : null;
  return {
    id: row.id,
    plan: row.plan,
    priceUsd: row.priceUsd,
    state,
    invoiceUrl: CLOSED.has(state) ? null : row.invoiceUrl,
    payCurrency: row.payCurrency,
    payAmount: row.payAmount,
    actuallyPaid: row.actuallyPaid,
    missing,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
  };
}

/** What an IPN delivery is answered (NOWPayments retries on anything but 2xx). */
export interface IpnAnswer {
  status: number;
  body: { ok: boolean; message: string };
}

/**
 * Plans paid through NOWPayments (DESIGN.md section 14): "Pay" stores a payment and makes an
 * invoice for it; the provider's signed IPNs move its state, and the first that says the
 * invoice was paid in full activates or extends the plan, once, with an audit entry and a
 * receipt mail.
 */
export class PaymentsService {
  /** Invoices one trader may open an hour (each is a call to the provider). */
  readonly #invoices: WindowLimiter;

  constructor(private readonly deps: PaymentsDeps) {
    this.#invoices = new WindowLimiter('payment-invoices', 10, 60 * 60_000, deps.state);
  }

  get checkout(): boolean {
    return this.deps.provider !== null;
  }

  /** POST /api/payments: a payment row, then its invoice; 502 (and no row) when that fails. */
  async create(user: UserRow, plan: PlanId): Promise<Payment> {
    const { provider, publicUrl } = this.deps;
    if (!provider) {
      throw conflict(
        'CONFLICT',
        'Paying here is not set up on this server: use the payment links on this page.',
      );
    }
    if (!(await this.#invoices.hit(user.id, this.deps.now().getTime()))) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        'You opened 10 payments in the last hour. Please finish one of them, or try again later.',
      );
    }
    const { priceUsd, name, durationDays } = PLANS[plan];
    const repo = new PaymentsRepository(this.deps.db);
    const row = await repo.insert({
      userId: user.id,
      username: user.username,
      plan,
      priceUsd: priceUsd!,
    });
    const back = `${publicUrl}/payment?payment=${row.id}`;
    try {
      const invoice = await createInvoice(
        provider,
        {
          price_amount: priceUsd!,
          price_currency: 'usd',
          order_id: row.id,
          order_description: `Trading Bingo ${name} plan (${durationDays} days) for ${user.username}`,
          ipn_callback_url: `${publicUrl}/api/payments/nowpayments`,
          success_url: back,
          cancel_url: `${back}&cancelled=1`,
        },
        this.deps.fetchImpl,
      );
      const saved = await repo.update(
        row.id,
        { invoiceId: invoice.id, invoiceUrl: invoice.invoiceUrl },
        this.deps.now(),
      );
      return paymentView(saved);
    } catch (err) {
      await repo.delete(row.id);
      if (!(err instanceof ProviderError)) throw err;
      this.deps.log.error({ reason: err.message, userId: user.id, plan }, 'invoice not created');
      throw new AppError(
        502,
        'PAYMENT_PROVIDER_ERROR',
        'The payment provider did not answer. Nothing was charged; please try again.',
      );
    }
  }

  async list(user: UserRow): Promise<Payment[]> {
    return (await new PaymentsRepository(this.deps.db).listOwn(user.id)).map(paymentView);
  }

  /** One of the trader's own payments; 404 for anyone else's (or none). */
  async get(user: UserRow, id: string): Promise<Payment> {
    const row = isUuid(id)
      ? await new PaymentsRepository(this.deps.db).findOwn(user.id, id)
      : undefined;
    if (!row) throw notFound('Payment not found');
    return paymentView(row);
  }

  async adminList(state: PaymentState | undefined, limit: number): Promise<AdminPayment[]> {
    const rows = await new PaymentsRepository(this.deps.db).list(state, limit);
    return rows.map((row) => ({
      ...paymentView(row),
      user: row.userId ? { id: row.userId, username: row.username } : null,
      providerPaymentId: row.providerPaymentId,
    }));
  }

  /**
   * POST /api/payments/nowpayments. Signed by the IPN secret or refused (401, logged); an
   * order the app does not know changes nothing (404). Each (provider payment, status) is
   * applied once, under the payment's row lock, so replays, duplicates and concurrent
   * deliveries in any order activate the plan at most once.
   */
  async handleIpn(body: unknown, signature: string | undefined, ip: string): Promise<IpnAnswer> {
    const { provider, log } = this.deps;
    if (!provider) return { status: 404, body: { ok: false, message: 'Payments are not set up' } };
    if (!isSignedIpn(body, signature, provider.ipnSecret)) {
      log.warn({ event: 'ipn_bad_signature', ip, hasSignature: Boolean(signature) }, 'IPN refused');
      return { status: 401, body: { ok: false, message: 'Bad signature' } };
    }
    const parsed = IpnSchema.safeParse(body);
    if (!parsed.success) {
      log.warn({ event: 'ipn_unreadable', ip }, 'IPN refused: fields missing or malformed');
      return { status: 400, body: { ok: false, message: 'Unreadable IPN' } };
    }
    const ipn = parsed.data;
    const outcome = isUuid(ipn.order_id)
      ? await this.deps.db.transaction((tx) => this.#apply(tx, ipn, body))
      : undefined;
    if (!outcome) {
      log.warn({ event: 'ipn_unknown_order', orderId: ipn.order_id }, 'IPN for an unknown order');
      return { status: 404, body: { ok: false, message: 'Unknown order' } };
    }
    if (outcome.activated) {
      await revokeSessions({ userId: outcome.activated.userId });
      this.#receipt(outcome.activated.userId, outcome.row, outcome.activated.endDate);
    }
    log.info(
      {
        event: 'ipn',
        paymentId: outcome.row.id,
        status: ipn.payment_status,
        applied: outcome.applied,
      },
      'IPN received',
    );
    return {
      status: 200,
      body: { ok: true, message: outcome.applied ? 'Applied' : 'Already applied' },
    };
  }

  async #apply(tx: Queryable, ipn: Ipn, body: unknown) {
    const repo = new PaymentsRepository(tx);
    const payment = await repo.lock(ipn.order_id);
    if (!payment) return undefined;
    const fresh = await repo.recordEvent({
      paymentId: payment.id,
      providerPaymentId: ipn.payment_id,
      status: ipn.payment_status,
      body,
    });
    if (!fresh) return { row: payment, applied: false, activated: undefined };
    const now = this.deps.now();
    const figures = {
      providerPaymentId: ipn.payment_id,
      payCurrency: ipn.pay_currency ?? payment.payCurrency,
      payAmount: ipn.pay_amount ?? payment.payAmount,
      actuallyPaid: ipn.actually_paid ?? payment.actuallyPaid,
    };
    const reported = stateOf(ipn.payment_status);
    const full = paysInFull(ipn, payment.priceUsd);
    // Once a plan is active only a refund is news; before, a "paid" short of the invoice is partial.
    let state: PaymentState = payment.state as PaymentState;
    if (payment.activatedAt) {
      if (reported === 'refunded') state = 'refunded';
    } else if (reported === 'paid' && !full) {
      state = 'partially_paid';
      this.deps.log.warn(
        {
          event: 'ipn_short',
          paymentId: payment.id,
          priceAmount: ipn.price_amount,
          currency: ipn.price_currency,
        },
        'IPN says paid, but less than the invoice: no plan',
      );
    } else if (reported) {
      state = reported;
    }
    const activates =
      !payment.activatedAt && ACTIVATING.has(ipn.payment_status) && full && payment.userId !== null;
    if (!activates) {
      const row = await repo.update(payment.id, { ...figures, state }, now);
      return { row, applied: true, activated: undefined };
    }
    const userId = payment.userId!;
    await new SubscriptionsRepository(tx).lockUser(userId);
    const { row: period, previousEndDate } = await extendPlan(
      tx,
      userId,
      payment.plan as PlanId,
      now,
    );
    const row = await repo.update(payment.id, { ...figures, state: 'paid', activatedAt: now }, now);
    await new AuditRepository(tx).record({
      actorId: null,
      action: 'payment.activated',
      targetType: 'user',
      targetId: userId,
      details: {
        username: payment.username,
        plan: payment.plan,
        priceUsd: payment.priceUsd,
        paymentId: payment.id,
        providerPaymentId: ipn.payment_id,
        endDate: period.endDate.toISOString(),
        previousEndDate,
      },
    });
    return { row, applied: true, activated: { userId, endDate: period.endDate } };
  }

  #receipt(userId: string, payment: PaymentRow, endDate: Date) {
    this.deps.mails.later('payment receipt', async () => {
      const user = await this.deps.users.findById(userId);
      if (!user) return;
      this.deps.mails.enqueue(
        receiptMail(user, paymentView(payment), endDate, `${this.deps.publicUrl}/profile`),
      );
    });
  }
}
