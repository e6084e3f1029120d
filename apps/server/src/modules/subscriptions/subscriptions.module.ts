import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import type { UsersRepository } from '../users/users.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Subscriptions: the user's own, the free plan, and the admin's changes. */
export async function registerSubscriptions(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: { users: UsersRepository },
): Promise<void> {
  const subscriptions = new SubscriptionsService({ db, users: uses.users, now });
  await api.register(subscriptionsRoutes, { subscriptions });
}
