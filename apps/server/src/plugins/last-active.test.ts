import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { authed, register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';
import { LAST_ACTIVE_RESOLUTION_MS } from './auth.js';

describeEachDatabase('last activity', (ctx) => {
  const lastActive = async (id: string) => {
    const [row] = await ctx.database.db
      .select({ at: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, id));
    return row?.at ?? null;
  };

  it('is recorded by an authenticated request, at most once per 5 minutes', async () => {
    const start = Date.parse('2026-03-10T12:00:00Z');
    ctx.clock.set(start);
    const user = await register(ctx.app);
    expect(await lastActive(user.id)).toBeNull();
    const me = async () =>
      expect((await authed(ctx.app, user.token, 'GET', '/api/users/me')).statusCode).toBe(200);

    await me();
    await expect.poll(async () => (await lastActive(user.id))?.getTime()).toBe(start);
    // A recent mark is not rewritten by the next request.
    ctx.clock.set(start + LAST_ACTIVE_RESOLUTION_MS - 1);
    await me();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await lastActive(user.id))!.getTime()).toBe(start);
    // Five minutes on, it is.
    ctx.clock.set(start + LAST_ACTIVE_RESOLUTION_MS);
    await me();
    await expect
      .poll(async () => (await lastActive(user.id))?.getTime())
      .toBe(start + LAST_ACTIVE_RESOLUTION_MS);
  });

  it('is not touched by an anonymous request', async () => {
    const user = await register(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
    expect(await lastActive(user.id)).toBeNull();
  });
});
