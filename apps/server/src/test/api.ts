import type { SubscriptionPlan } from '@tb/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { subscriptions, users } from '../db/schema/index.js';

let seq = 0;

/** A unique, valid account for one test. */
export function newUser(prefix = 'trader') {
  seq += 1;
  const id = `${prefix}${seq}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@example.com`, password: 'correct-horse' };
}

/** Registers through the API and returns the session token and user. */
export async function register(app: FastifyInstance, user = newUser()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: user,
    remoteAddress: someIp(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string; isAdmin: boolean } };
  return { ...user, token: body.token, id: body.user.id, isAdmin: body.user.isAdmin };
}

/** A different client address per call, so per-IP rate limits do not trip unrelated tests. */
export const someIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One authenticated call; the body is sent only when given. */
export const authed = (
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined && { payload: payload as object }),
  });

/**
 * The four callers of the authorization matrix: an admin, a premium user (admin flag
 * `is_paid_user`), a normal user and anonymous (no token). The first account of a fresh
 * database becomes the admin, so call this before registering anyone else in the suite.
 */
export async function roles(app: FastifyInstance, database: Database) {
  const admin = await register(app, newUser('admin'));
  if (!admin.isAdmin) throw new Error('roles() must run first on a fresh database');
  const premium = await register(app, newUser('premium'));
  await database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, premium.id));
  const user = await register(app, newUser('user'));
  return { admin, premium, user };
}

/** Stores a subscription period directly (for expiry and edge cases the clock cannot reach). */
export async function insertSubscription(
  database: Database,
  row: {
    userId: string;
    plan: SubscriptionPlan;
    startDate: Date;
    endDate: Date;
    cancelledAt?: Date;
  },
) {
  await database.db.insert(subscriptions).values({ cancelledAt: null, ...row });
}
