import { expect, it } from 'vitest';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';
import { runAdminCommand, USAGE } from './admin-commands.js';

describeEachDatabase('admin command line', (ctx) => {
  it('promotes an account by username, records it in the audit log and says so', async () => {
    await register(ctx.app); // the first account is the admin already
    const user = await register(ctx.app);
    expect(user.isAdmin).toBe(false);
    const res = await runAdminCommand(ctx.database.db, ['promote', user.username.toUpperCase()]);
    expect(res).toEqual({ code: 0, out: `${user.username} is now an admin.` });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.json()).toMatchObject({ isAdmin: true, role: 'admin' });
    const [entry] = await new AuditRepository(ctx.database.db).latest(1);
    expect(entry).toMatchObject({
      action: 'user.admin_status',
      targetType: 'user',
      targetId: user.id,
      actorId: null,
      details: { username: user.username, isAdmin: true, via: 'cli' },
    });
  });

  it('answers an unknown name and a bad command clearly', async () => {
    expect(await runAdminCommand(ctx.database.db, ['promote', 'ghost'])).toEqual({
      code: 1,
      out: 'No account named "ghost".',
    });
    expect(await runAdminCommand(ctx.database.db, ['demote', 'x'])).toEqual({
      code: 2,
      out: USAGE,
    });
  });
});
