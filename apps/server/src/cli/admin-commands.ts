import type { Db } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';

export const USAGE = 'Usage: npm run admin -- promote <username>';

/** Runs one admin command; returns the line to print and the exit code. */
export async function runAdminCommand(
  db: Db,
  argv: string[],
): Promise<{ code: number; out: string }> {
  const [command, username] = argv;
  if (command !== 'promote' || !username) return { code: 2, out: USAGE };
  const users = new UsersRepository(db);
  const user = await users.findByUsername(username);
  if (!user) return { code: 1, out: `No account named "${username}".` };
  if (user.isAdmin) return { code: 0, out: `${user.username} is already an admin.` };
  await users.setAdmin(user.id, true, systemClock());
  await new AuditRepository(db).record({
    actorId: null,
    action: 'user.admin_status',
    targetType: 'user',
    targetId: user.id,
    details: { username: user.username, isAdmin: true, via: 'cli' },
  });
  return { code: 0, out: `${user.username} is now an admin.` };
}
