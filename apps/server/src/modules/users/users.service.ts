import type { PublicUser, Subscription } from '@tb/core';
import type { SubscriptionRow, UserRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { UsersRepository } from './users.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Accounts as the API shows them. */
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async getPublic(userId: string, now: Date): Promise<PublicUser> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('Failed to load user data');
    return this.toPublic(user, now);
  }

  async toPublic(user: UserRow, now: Date): Promise<PublicUser> {
    const sub = await this.users.currentSubscription(user.id, now);
    const subscription = toSubscription(sub, now);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      isPaidUser: user.isPaidUser || subscription.active,
      isAdmin: user.isAdmin,
      role: user.isAdmin ? 'admin' : 'user',
      isEmailVerified: user.emailVerifiedAt !== null,
      timeZone: user.timeZone,
      createdAt: user.createdAt.toISOString(),
      subscription,
    };
  }
}

function toSubscription(row: SubscriptionRow | undefined, now: Date): Subscription {
  if (!row) return { active: false, plan: null, startDate: null, endDate: null, remainingDays: 0 };
  const remainingDays = Math.max(0, Math.ceil((row.endDate.getTime() - now.getTime()) / DAY_MS));
  return {
    active: row.cancelledAt === null && remainingDays > 0,
    plan: row.plan === 'free' ? 'quick' : row.plan,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    remainingDays,
  };
}
