import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../lib/mailer.js';
import type { ModuleDeps } from '../module-deps.js';
import { ContactRepository } from './contact.repository.js';
import { contactRoutes } from './contact.routes.js';
import { ContactService } from './contact.service.js';

/** Contact Us messages: stored, mailed to the admins, listed in the admin panel. */
export async function registerContact(
  api: FastifyInstance,
  { db, config, now, log, state }: ModuleDeps,
  uses: { mailer: Mailer; admins: () => Promise<Array<{ email: string }>> },
): Promise<void> {
  const contact = new ContactService({
    repo: new ContactRepository(db),
    mailer: uses.mailer,
    admins: uses.admins,
    adminLink: `${config.publicUrl}/admin#messages`,
    state,
    rateLimitScale: config.rateLimitScale,
    log,
    now,
  });
  await api.register(contactRoutes, { contact });
}
