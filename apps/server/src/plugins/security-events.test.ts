import { expect, it } from 'vitest';
import { auditEntriesFor, authed, register, someIp } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';

interface Line {
  event?: string;
  status?: number;
  route?: string;
  userId?: string;
  ip?: string;
  level: number;
}

/**
 * Issue 29 (finding 4): 700 failed or throttled sign-ins and 401/403/429s left no log line
 * and no audit entry. Every refusal now logs a line (without secrets), and the account-relevant
 * ones are audited: sign-ins (step-up.test.ts) and a trader refused an admin route.
 */
describeEachDatabase(
  'security events',
  (ctx) => {
    const refusals = () =>
      ctx.logs.map((l) => JSON.parse(l) as Line).filter((l) => l.event === 'security');

    it('logs every 401, 403 and 429 with its route and address, never a token or password', async () => {
      const trader = await register(ctx.app);
      const ip = someIp();
      const before = refusals().length;
      const anon = await ctx.app.inject({ method: 'GET', url: '/api/users/me', remoteAddress: ip });
      expect(anon.statusCode).toBe(401);
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: trader.username, password: 'Secret-Guess-42' },
        remoteAddress: ip,
      });
      expect(wrong.statusCode).toBe(401);
      const reset = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/verify-email/not-a-real-token-but-long-enough-0123456789',
        remoteAddress: ip,
      });
      expect(reset.statusCode).toBe(400);
      const lines = refusals().slice(before);
      expect(lines).toEqual([
        expect.objectContaining({ status: 401, route: '/api/users/me', ip, level: 30 }),
        expect.objectContaining({ status: 401, route: '/api/users/login', ip, level: 30 }),
      ]);
      const text = ctx.logs.join('\n');
      expect(text).not.toContain('Secret-Guess-42');
      expect(text).not.toContain(trader.token);
      expect(text).not.toContain('not-a-real-token');
      // The failed sign-in itself, with its account, at warn.
      expect(
        ctx.logs
          .map((l) => JSON.parse(l) as Line & { userId?: string })
          .some(
            (l) => (l as { event?: string }).event === 'sign_in_failed' && l.userId === trader.id,
          ),
      ).toBe(true);
    });

    it('logs and audits a trader refused an admin route, once per route per 15 minutes', async () => {
      const trader = await register(ctx.app);
      expect(trader.isAdmin).toBe(false);
      const before = refusals().length;
      for (let i = 0; i < 3; i++) {
        const res = await authed(ctx.app, trader.token, 'GET', '/api/admin/audit-log');
        expect(res.statusCode).toBe(403);
      }
      const lines = refusals().slice(before);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatchObject({
        status: 403,
        route: '/api/admin/audit-log',
        userId: trader.id,
        level: 40,
      });
      const entries = (await auditEntriesFor(ctx.database, 'GET /api/admin/audit-log')).filter(
        (e) => e.actorId === trader.id,
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'auth.admin_denied', targetType: 'route' });
    });
  },
  { captureLogs: true, env: () => ({ LOG_LEVEL: 'info' }) },
);
