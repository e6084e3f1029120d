import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { ModuleDeps } from '../module-deps.js';
import { UsersAdminRepository } from './users-admin.repository.js';
import { usersAdminRoutes } from './users-admin.routes.js';
import { UsersAdminService } from './users-admin.service.js';
import type { UsersRepository } from './users.repository.js';

/** The admin panel's calls on accounts. */
export async function registerUsersAdmin(
  api: FastifyInstance,
  { db, now }: ModuleDeps,
  uses: {
    users: UsersRepository;
    /** Mails a verification link (the auth module owns tokens and mails). */
    sendVerification: (user: Pick<UserRow, 'id' | 'email' | 'username'>) => Promise<void>;
    /** Mails the old and the new address after an email change. */
    emailChanged: (
      user: Pick<UserRow, 'id' | 'email' | 'username'>,
      oldEmail: string,
    ) => Promise<void>;
    /** Drops the leaderboard's cached rankings. */
    onLeaderboardChange: () => void;
  },
): Promise<void> {
  const admin = new UsersAdminService({
    users: uses.users,
    admin: new UsersAdminRepository(db),
    audit: new AuditRepository(db),
    sendVerification: uses.sendVerification,
    emailChanged: uses.emailChanged,
    onLeaderboardChange: uses.onLeaderboardChange,
    now,
  });
  await api.register(usersAdminRoutes, { admin });
}
