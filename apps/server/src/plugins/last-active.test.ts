import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { authed, register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';

describeEachDatabase('last activity', (ctx) => {
  const lastActive = async (id: string) => {
    const [row] = await ctx.database.db
      .select({ at: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, id));
    return row?.at ?? null;
  };

  it('is recorded by an authenticated request, at most once per 5 minutes', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, user.id));

    const before = Date.now();
    expect((await authed(ctx.app, user.token, 'GET', '/api/users/me')).statusCode).toBe(200);
    await expect.poll(() => lastActive(user.id)).not.toBeNull();
    const first = (await lastActive(user.id))!.getTime();
    expect(first).toBeGreaterThanOrEqual(before - 1000);

    // A recent mark is not rewritten by the next request.
    expect((await authed(ctx.app, user.token, 'GET', '/api/users/me')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await lastActive(user.id))!.getTime()).toBe(first);
  });

  it('is not touched by an anonymous request', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, user.id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
    expect(await lastActive(user.id)).toBeNull();
  });
});
