import type { PlanId, SubscriptionPlan } from '@tb/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { auditLog, subscriptions, trades, users } from '../db/schema/index.js';

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

/**
 * Signs in again through POST /api/users/login and returns the new session token: after the
 * test clock moved past a session's 24 hours, the old token is expired.
 */
export async function login(app: FastifyInstance, user: { username: string; password: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username: user.username, password: user.password },
    remoteAddress: someIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
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

/** Opens a trade through POST /api/trades and answers it; fails the test unless it is 201. */
export async function createTrade(app: FastifyInstance, token: string, trade: object) {
  const res = await authed(app, token, 'POST', '/api/trades', trade);
  if (res.statusCode !== 201) throw new Error(`create trade failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

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

/**
 * Adds `plan` to the user through the admin API (POST /api/users/:id/subscription/add): a new
 * period starts at the app's clock and lasts the plan's days (quick 10, monthly 30, quarterly
 * 90, annual 365). Set the clock back first (`ctx.clock.at`) for a period that began earlier.
 */
export async function addPlan(
  app: FastifyInstance,
  adminToken: string,
  userId: string,
  plan: PlanId,
) {
  const res = await authed(app, adminToken, 'POST', `/api/users/${userId}/subscription/add`, {
    plan,
  });
  if (res.statusCode !== 200) throw new Error(`add plan failed: ${res.statusCode} ${res.body}`);
  return res.json() as { subscription: { endDate: string } };
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

/** Records a trade through the API and, unless `status` is OPEN, closes it; returns the trade. */
export async function tradeViaApi(
  app: FastifyInstance,
  token: string,
  trade: object,
  status: 'OPEN' | 'TARGET_HIT' | 'STOPLOSS_HIT',
): Promise<{
  id: string;
  profitLoss: number | null;
  pnlUsd: number | null;
  rMultiple: number | null;
  riskRewardRatio: number;
}> {
  const created = await authed(app, token, 'POST', '/api/trades', trade);
  if (created.statusCode !== 201) throw new Error(`trade failed: ${created.body}`);
  if (status === 'OPEN') return created.json();
  const closed = await authed(app, token, 'PUT', `/api/trades/${created.json().id}/status`, {
    status,
  });
  if (closed.statusCode !== 200) throw new Error(`close failed: ${closed.body}`);
  return closed.json().trade;
}

/**
 * Stores a trade row directly (volume beyond the daily trade limit, exact P/L and R/R): a
 * $1000 long at 100 with its stop at 90 (10 units, $100 at risk). Money and ratios are numeric
 * columns: pass them as numbers, they are stored as decimals. `pnlUsd` is the USD result of
 * a closed trade (the leaderboard's gain); `profitLoss` SPEC's per-unit difference.
 */
export async function insertTrade(
  database: Database,
  row: {
    userId: string;
    status: 'OPEN' | 'TARGET_HIT' | 'STOPLOSS_HIT';
    pnlUsd?: number | null;
    profitLoss?: number | null;
    riskRewardRatio?: number;
    /** The realised R; by default the plan's R/R at the target, -1 at the stop. */
    rMultiple?: number | null;
    hidden?: boolean;
  },
) {
  const rr = row.riskRewardRatio ?? 2;
  const realised =
    row.rMultiple !== undefined
      ? row.rMultiple
      : row.status === 'TARGET_HIT'
        ? rr
        : row.status === 'STOPLOSS_HIT'
          ? -1
          : null;
  const decimal = (value: number | null | undefined) =>
    value === undefined || value === null ? null : String(value);
  await database.db.insert(trades).values({
    userId: row.userId,
    pair: 'BTCUSDT',
    isLong: true,
    entryPrice: '100',
    stopLoss: '90',
    takeProfit: '120',
    riskRewardRatio: String(rr),
    sizeUsd: '1000',
    quantity: '10',
    riskUsd: '100',
    status: row.status,
    profitLoss: decimal(row.profitLoss),
    pnlUsd: decimal(row.pnlUsd),
    rMultiple: decimal(realised),
    hidden: row.hidden ?? false,
  });
}

/** The audit entries naming `targetId`, oldest first, read from the table itself. */
export async function auditEntriesFor(database: Database, targetId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.id));
}

/** The stored subscription periods of a user, oldest first. */
export async function subscriptionRowsOf(database: Database, userId: string) {
  return database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.startDate));
}
