import type { FastifyInstance } from 'fastify';
import type { MailQueue } from '../../lib/mail-queue.js';
import type { ModuleDeps } from '../module-deps.js';
import type { UsersRepository } from '../users/users.repository.js';
import { paymentRoutes } from './payment.routes.js';
import { PaymentsService } from './payments.service.js';

/** Payment links, and NOWPayments' invoices and IPNs when its keys are set (DESIGN.md 14). */
export async function registerPayments(
  api: FastifyInstance,
  { db, config, log, now, state }: ModuleDeps,
  uses: { users: UsersRepository; mails: MailQueue; fetchImpl?: typeof fetch },
): Promise<PaymentsService> {
  const payments = new PaymentsService({
    db,
    provider: config.nowPayments,
    users: uses.users,
    publicUrl: config.publicUrl,
    mails: uses.mails,
    state,
    log,
    now,
    ...(uses.fetchImpl && { fetchImpl: uses.fetchImpl }),
  });
  await api.register(paymentRoutes, {
    links: config.paymentLinks,
    payments,
    rateLimitScale: config.rateLimitScale,
  });
  return payments;
}
