import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi, type MockInstance } from 'vitest';
import { users } from '../db/schema/index.js';
import { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { authed, register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';
import { LAST_ACTIVE_RESOLUTION_MS } from './auth.js';

describeEachDatabase('last activity', (ctx) => {
  // The write is not awaited by the request, so "no write" is read from the call that would
  // make it (made before the answer is sent), not from the row after an arbitrary wait. The
  // spy calls through: the rows are still written and read back.
  let touch: MockInstance<SessionsRepository['touchUser']>;
  beforeAll(() => void (touch = vi.spyOn(SessionsRepository.prototype, 'touchUser')));
  afterEach(() => touch.mockClear());
  afterAll(() => touch.mockRestore());
  const writesFor = (id: string) => touch.mock.calls.filter(([userId]) => userId === id).length;

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
    expect(writesFor(user.id)).toBe(1);
    await expect.poll(async () => (await lastActive(user.id))?.getTime()).toBe(start);
    // A recent mark is not rewritten by the next request.
    ctx.clock.set(start + LAST_ACTIVE_RESOLUTION_MS - 1);
    await me();
    expect(writesFor(user.id)).toBe(1);
    expect((await lastActive(user.id))!.getTime()).toBe(start);
    // Five minutes on, it is.
    ctx.clock.set(start + LAST_ACTIVE_RESOLUTION_MS);
    await me();
    expect(writesFor(user.id)).toBe(2);
    await expect
      .poll(async () => (await lastActive(user.id))?.getTime())
      .toBe(start + LAST_ACTIVE_RESOLUTION_MS);
  });

  it('is not touched by an anonymous request', async () => {
    const user = await register(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
    expect(touch).not.toHaveBeenCalled();
    expect(await lastActive(user.id)).toBeNull();
  });
});
