import type { AuditEntry } from '@tb/core';
import { beforeAll, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin-commands.js';
import { authed, newUser, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { AuditRepository } from './audit.repository.js';

type Roles = Awaited<ReturnType<typeof roles>>;

describeEachDatabase('GET /api/admin/audit-log', (ctx) => {
  let r: Roles;
  const log = async (query = '') => {
    const res = await authed(ctx.app, r.admin.token, 'GET', `/api/admin/audit-log${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: AuditEntry[] }).entries;
  };

  beforeAll(async () => {
    r = await roles(ctx.app, ctx.database);
  });

  it('lists the newest entries first with the actor and target names', async () => {
    await authed(ctx.app, r.admin.token, 'PUT', '/api/users/premium-status', {
      userId: r.user.id,
      isPaidUser: true,
    });
    await authed(ctx.app, r.admin.token, 'PUT', '/api/users/admin-status', {
      userId: r.premium.id,
      isAdmin: true,
    });
    const [newest, older] = await log();
    expect(newest).toMatchObject({
      action: 'user.admin_status',
      actor: { id: r.admin.id, username: r.admin.username },
      targetType: 'user',
      targetId: r.premium.id,
      targetLabel: r.premium.username,
      details: { username: r.premium.username, old: false, new: true },
    });
    expect(newest!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(older).toMatchObject({ action: 'user.premium_status', targetLabel: r.user.username });
    expect(newest!.id).toBeGreaterThan(older!.id);
  });

  it('names a deleted target from the entry, and a deleted actor as written (issue 29)', async () => {
    const gone = await register(ctx.app, newUser('gone'));
    // `premium` was made an admin above: it deletes `gone`, then is deleted itself.
    await authed(ctx.app, r.premium.token, 'DELETE', `/api/users/${gone.id}`);
    await authed(ctx.app, r.admin.token, 'DELETE', `/api/users/${r.premium.id}`);
    const [byAdmin, byPremium] = await log('?limit=2');
    expect(byAdmin).toMatchObject({
      action: 'user.delete',
      targetLabel: r.premium.username,
      actor: { username: r.admin.username },
    });
    expect(byPremium).toMatchObject({
      action: 'user.delete',
      actor: { id: r.premium.id, username: r.premium.username },
      targetId: gone.id,
      targetLabel: gone.username,
    });
  });

  it('shows command-line changes with no actor', async () => {
    const promoted = await register(ctx.app, newUser('cli'));
    await runAdminCommand(ctx.database.db, ['promote', promoted.username]);
    const [entry] = await log('?limit=1');
    expect(entry).toMatchObject({
      action: 'user.admin_status',
      actor: null,
      targetLabel: promoted.username,
      details: { isAdmin: true, via: 'cli' },
    });
  });

  it('leaves the label empty for targets that are not users', async () => {
    await new AuditRepository(ctx.database.db).record({
      actorId: r.user.id,
      action: 'api_key.delete',
      targetType: 'api_key',
      targetId: '7b0c6a52-3f1e-4d2a-9c55-0a7e5d1b2c3d',
      details: { username: 'not-a-target' },
    });
    const [entry] = await log('?limit=1');
    expect(entry).toMatchObject({
      actor: { id: r.user.id, username: r.user.username },
      targetType: 'api_key',
      targetLabel: null,
    });
  });

  it('keeps to the limit (50 by default) and refuses a bad one with 400', async () => {
    const repo = new AuditRepository(ctx.database.db);
    for (let i = 0; i < 55; i++) await repo.record({ actorId: null, action: 'user.email' });
    expect(await log()).toHaveLength(50);
    expect(await log('?limit=200')).toHaveLength(61);
    for (const limit of ['0', '201', 'abc', '1.5']) {
      const res = await authed(
        ctx.app,
        r.admin.token,
        'GET',
        `/api/admin/audit-log?limit=${limit}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Limit must be a whole number from 1 to 200',
      });
    }
  });
});
