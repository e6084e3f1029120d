import {
  adminMessages,
  authMessages,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type AuditAction,
  type UserStatsResponse,
} from '@tb/core';
import type { UserRow } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { AdminUserRow, UsersAdminRepository } from './users-admin.repository.js';
import type { UsersRepository } from './users.repository.js';
import { publicUser } from './users.service.js';
import { isUuid } from '../../lib/ids.js';

const userNotFound = () => notFound(adminMessages.userNotFound);

export interface UsersAdminDeps {
  users: UsersRepository;
  admin: UsersAdminRepository;
  audit: AuditRepository;
  /** Mails a verification link to the account (the auth module owns tokens and mails). */
  sendVerification: (user: Pick<UserRow, 'id' | 'email' | 'username'>) => Promise<void>;
  /** Tells the old address and asks the new one to verify (the auth module's mails). */
  emailChanged?: (
    user: Pick<UserRow, 'id' | 'email' | 'username'>,
    oldEmail: string,
  ) => Promise<void>;
  /** Drops the leaderboard's cached rankings (a name, premium badge or account changed). */
  onLeaderboardChange?: () => void;
  now: Clock;
}

/**
 * The admin panel's calls on accounts. Every call is recorded in the audit log with the acting
 * admin, the target and the old and new values; a change shows on the target's next request,
 * since every request reloads its user row.
 */
export class UsersAdminService {
  readonly #now: Clock;

  constructor(private readonly deps: UsersAdminDeps) {
    this.#now = deps.now;
  }

  async list(query: AdminUserListQuery): Promise<AdminUserListResponse> {
    const now = this.#now();
    // Pages are safe integers (zod), so the offset stays far below the bigint limit.
    const offset = (query.page - 1) * query.pageSize;
    const { rows, total } = await this.deps.admin.page(
      { search: query.search, limit: query.pageSize, offset },
      now,
    );
    return {
      users: rows.map((row) => toAdminUser(row, now)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async stats(): Promise<UserStatsResponse> {
    return this.deps.admin.counts(this.#now());
  }

  async setPremium(actor: UserRow, userId: string, isPaidUser: boolean): Promise<AdminUser> {
    const target = await this.#load(userId);
    await this.deps.users.setPaidUser(target.id, isPaidUser, this.#now());
    this.deps.onLeaderboardChange?.();
    await this.#record(actor, 'user.premium_status', target, target.isPaidUser, isPaidUser);
    return this.#adminUser(target.id);
  }

  /** An admin cannot remove their own admin status (another admin must). */
  async setAdmin(actor: UserRow, userId: string, isAdmin: boolean): Promise<AdminUser> {
    const target = await this.#load(userId);
    if (target.id === actor.id && !isAdmin) {
      throw conflict('CONFLICT', adminMessages.ownAdminStatus);
    }
    await this.deps.users.setAdmin(target.id, isAdmin, this.#now());
    await this.#record(actor, 'user.admin_status', target, target.isAdmin, isAdmin);
    return this.#adminUser(target.id);
  }

  /** A new address is unverified until its owner confirms it; an unchanged one stays as it is. */
  async setEmail(actor: UserRow, userId: string, email: string): Promise<AdminUser> {
    const target = await this.#load(userId);
    if (email !== target.email) {
      const holder = await this.deps.users.findByEmail(email);
      const result = holder
        ? 'taken'
        : await this.deps.users.setEmail(target.id, email, this.#now());
      if (result === 'taken') throw conflict('EMAIL_TAKEN', authMessages.emailTaken, 'email');
      await this.deps.emailChanged?.({ ...target, email }, target.email);
    }
    await this.#record(actor, 'user.email', target, target.email, email);
    return this.#adminUser(target.id);
  }

  /** Usernames are unique in any case; the owner may change the case of their own. */
  async setUsername(actor: UserRow, userId: string, username: string): Promise<AdminUser> {
    const target = await this.#load(userId);
    const holder = await this.deps.users.findByUsername(username);
    const taken = holder !== undefined && holder.id !== target.id;
    const result = taken
      ? 'taken'
      : await this.deps.users.setUsername(target.id, username, this.#now());
    if (result === 'taken') {
      throw conflict('USERNAME_TAKEN', authMessages.usernameTaken, 'username');
    }
    this.deps.onLeaderboardChange?.();
    await this.#record(actor, 'user.username', target, target.username, username);
    return this.#adminUser(target.id);
  }

  async sendVerification(actor: UserRow, userId: string): Promise<{ message: string }> {
    const target = await this.#load(userId);
    if (target.emailVerifiedAt) throw conflict('CONFLICT', adminMessages.alreadyVerified);
    await this.deps.sendVerification(target);
    await this.deps.audit.record({
      ...this.#entry(actor, 'user.send_verification', target),
      details: { username: target.username, email: target.email },
    });
    return { message: adminMessages.verificationSent(target.email) };
  }

  /** Removes an account and, by cascade, its boards, trades, keys, sessions and subscriptions. */
  async delete(actor: UserRow, userId: string): Promise<void> {
    if (userId === actor.id) throw conflict('CONFLICT', adminMessages.ownAccountDelete);
    const target = await this.#load(userId);
    if (!(await this.deps.users.delete(target.id))) throw userNotFound();
    this.deps.onLeaderboardChange?.();
    await this.deps.audit.record({
      ...this.#entry(actor, 'user.delete', target),
      details: { username: target.username, email: target.email },
    });
  }

  async #load(userId: string): Promise<UserRow> {
    if (!isUuid(userId)) throw userNotFound();
    const user = await this.deps.users.findById(userId);
    if (!user) throw userNotFound();
    return user;
  }

  async #adminUser(userId: string): Promise<AdminUser> {
    const now = this.#now();
    const row = await this.deps.admin.find(userId, now);
    if (!row) throw userNotFound();
    return toAdminUser(row, now);
  }

  #entry(actor: UserRow, action: AuditAction, target: UserRow) {
    return { actorId: actor.id, action, targetType: 'user', targetId: target.id };
  }

  /** An entry naming the target and the value before and after the call. */
  async #record(actor: UserRow, action: AuditAction, target: UserRow, old: unknown, next: unknown) {
    await this.deps.audit.record({
      ...this.#entry(actor, action, target),
      details: { username: target.username, old, new: next },
    });
  }
}

/** The panel's view of an account: the public user plus the raw flag, activity and trades. */
function toAdminUser(row: AdminUserRow, now: Date): AdminUser {
  return {
    ...publicUser(row.user, row.period, now),
    premiumGranted: row.user.isPaidUser,
    lastActiveAt: row.user.lastActiveAt?.toISOString() ?? null,
    tradeCount: row.tradeCount,
  };
}
