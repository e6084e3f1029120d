import { expect, it } from 'vitest';
import { onRevocation, type Revocation } from '../../lib/session-cache.js';
import { authed, bearer, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { AuditRepository } from '../audit/audit.repository.js';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

interface Listed {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/**
 * Issue 29 (finding 11): Profile → Sessions lists the account's live sessions (device,
 * address, last seen) and signs out one of them or every other one, each revocation shared
 * with the other instances before the answer, and recorded in the audit log.
 */
describeEachDatabase('the signed-in user’s sessions', (ctx) => {
  const signIn = async (
    user: { username: string; password: string },
    userAgent = CHROME_MAC,
    ip = '203.0.113.7',
  ) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: user.username, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const list = async (token: string) => {
    const res = await authed(ctx.app, token, 'GET', '/api/users/me/sessions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Listed[];
  };
  const me = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/users/me')).statusCode;
  const signOut = (token: string, id: string) =>
    authed(ctx.app, token, 'DELETE', `/api/users/me/sessions/${id}`);
  const signOutOthers = (token: string) =>
    authed(ctx.app, token, 'POST', '/api/users/me/sessions/revoke-others');
  /** The id of the session a token stands for, as its own listing names it. */
  const idOf = async (token: string) => (await list(token)).find((s) => s.current)!.id;
  const audit = () => new AuditRepository(ctx.database.db).latest(20);

  it('lists each live session with its device, address, times, and which one is asking', async () => {
    const user = await register(ctx.app);
    const mac = await signIn(user, CHROME_MAC, '203.0.113.7');
    const windows = await signIn(user, FIREFOX_WINDOWS, '198.51.100.23');
    const sessions = await list(mac);
    expect(sessions).toHaveLength(3);
    const [first] = sessions;
    expect(first).toMatchObject({ device: 'Chrome on macOS', ipAddress: '203.0.113.7' });
    expect(first!.current).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions).toContainEqual(
      expect.objectContaining({
        device: 'Firefox on Windows',
        ipAddress: '198.51.100.23',
        current: false,
      }),
    );
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt) - 1000);
    }
    // The other device sees the same sessions, itself as the current one.
    const seen = await list(windows);
    expect(seen.map((s) => s.id).sort()).toEqual(sessions.map((s) => s.id).sort());
    expect(seen.find((s) => s.current)).toMatchObject({ device: 'Firefox on Windows' });
  });

  it('leaves out signed-out and expired sessions, and other users’ sessions', async () => {
    // Registered two days ago: that session's 24 hours are over.
    const user = await ctx.clock.at(Date.now() - 2 * DAY_MS, () => register(ctx.app));
    const stranger = await register(ctx.app);
    const other = await signIn(user);
    expect((await authed(ctx.app, other, 'POST', '/api/users/logout')).statusCode).toBe(204);
    const fresh = await signIn(user);
    const sessions = await list(fresh);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.map((s) => s.id)).not.toContain(await idOf(stranger.token));
  });

  it('lists the most recently seen first (the asking one: seen now)', async () => {
    const start = Date.parse('2026-03-10T12:00:00Z');
    const user = await ctx.clock.at(start, () => register(ctx.app));
    const second = await signIn(user, FIREFOX_WINDOWS);
    const third = await signIn(user, CHROME_MAC);
    // The second is used two minutes on, the first ten minutes on.
    const secondId = await ctx.clock.at(start + 2 * 60_000, () => idOf(second));
    const firstId = await ctx.clock.at(start + 10 * 60_000, () => idOf(user.token));
    const thirdId = await ctx.clock.at(start + 11 * 60_000, () => idOf(third));
    await expect
      .poll(async () =>
        (await ctx.clock.at(start + 11 * 60_000, () => list(third))).map((s) => s.id),
      )
      .toEqual([thirdId, firstId, secondId]);
  });

  it('signs out one session: its token is refused as soon as the answer is sent', async () => {
    const user = await register(ctx.app);
    const other = await signIn(user, FIREFOX_WINDOWS, '198.51.100.23');
    expect(await me(other)).toBe(200); // verified, so kept a few seconds by the session cache
    const otherId = await idOf(other);
    const res = await signOut(user.token, otherId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await me(other)).toBe(401);
    expect(await me(user.token)).toBe(200);
    expect((await list(user.token)).map((s) => s.id)).not.toContain(otherId);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      actorId: user.id,
      actorName: user.username,
      action: 'session.revoke',
      targetType: 'user',
      targetId: user.id,
      details: {
        username: user.username,
        sessionId: otherId,
        device: 'Firefox on Windows',
        current: false,
      },
    });
  });

  it('answers only once the revocation was handed to the other instances', async () => {
    const user = await register(ctx.app);
    const otherId = await idOf(await signIn(user));
    const published: Revocation[] = [];
    let letGo = (): void => undefined;
    const stop = onRevocation(async (revocation) => {
      published.push(revocation);
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    try {
      let answered = false;
      const answer = signOut(user.token, otherId).then((res) => {
        answered = true;
        return res;
      });
      while (published.length === 0) await new Promise((resolve) => setImmediate(resolve));
      for (let turn = 0; turn < 20; turn++) await new Promise((r) => setImmediate(r));
      expect(answered).toBe(false);
      letGo();
      expect((await answer).statusCode).toBe(204);
      expect(published).toEqual([{ sessionId: otherId }]);
    } finally {
      stop();
    }
  });

  it('signs out the current session too: it acts as a logout', async () => {
    const user = await register(ctx.app);
    const res = await signOut(user.token, await idOf(user.token));
    expect(res.statusCode, res.body).toBe(204);
    expect(await me(user.token)).toBe(401);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'session.revoke', details: { current: true } });
  });

  it('answers 404 for another user’s session and leaves it working', async () => {
    const owner = await register(ctx.app);
    const intruder = await register(ctx.app);
    const ownerId = await idOf(owner.token);
    const before = (await audit()).length;
    const res = await signOut(intruder.token, ownerId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Session not found' } });
    expect(await me(owner.token)).toBe(200);
    expect(await me(intruder.token)).toBe(200);
    expect((await audit()).length).toBe(before);
    // An id no session has: the same answer.
    const none = await signOut(intruder.token, '00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
  });

  it.each([
    ['not a uuid', 'abc'],
    ['too long', 'a'.repeat(100)],
    ['a uuid with junk', '00000000-0000-4000-8000-000000000000x'],
  ])('refuses a session id that is %s with 400', async (_, id) => {
    const user = await register(ctx.app);
    const res = await signOut(user.token, encodeURIComponent(id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Session id is not valid',
      field: 'id',
    });
    expect(await me(user.token)).toBe(200);
  });

  it('needs a session: 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me/sessions'],
      ['DELETE', '/api/users/me/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/users/me/sessions/revoke-others'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code, url).toBe('UNAUTHORIZED');
    }
  });

  it('signs out every other session and keeps the current one', async () => {
    const user = await register(ctx.app);
    const others = [await signIn(user), await signIn(user, FIREFOX_WINDOWS)];
    for (const token of others) expect(await me(token)).toBe(200);
    const stranger = await register(ctx.app);
    const res = await signOutOthers(user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const token of others) expect(await me(token)).toBe(401);
    expect(await me(user.token)).toBe(200);
    expect(await me(stranger.token)).toBe(200);
    const listed = await list(user.token);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.current).toBe(true);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      actorId: user.id,
      action: 'session.revoke_others',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username, revoked: 2 },
    });
    // Nothing left to sign out: answered, nothing recorded.
    const again = await signOutOthers(user.token);
    expect(again.json()).toEqual({ revoked: 0 });
    expect((await audit())[0]!.id).toBe(entry!.id);
  });

  it('takes concurrent sign-outs of one session: both answered, one revocation recorded', async () => {
    const user = await register(ctx.app);
    const other = await signIn(user);
    const otherId = await idOf(other);
    const answers = await Promise.all([signOut(user.token, otherId), signOut(user.token, otherId)]);
    expect(answers.map((res) => res.statusCode)).toEqual([204, 204]);
    expect(await me(other)).toBe(401);
    const entries = (await audit()).filter((e) => e.action === 'session.revoke');
    expect(entries.filter((e) => e.targetId === user.id)).toHaveLength(1);
  });

  it('takes two devices signing each other out at once: one after the other', async () => {
    const user = await register(ctx.app);
    const others = [await signIn(user), await signIn(user), await signIn(user)];
    const second = await signIn(user);
    const answers = await Promise.all([signOutOthers(user.token), signOutOthers(second)]);
    // The first to run signs out the other four (the other caller among them), whose request
    // then finds its own session ended: 401, nothing signed out twice.
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    const done = answers.find((res) => res.statusCode === 200)!;
    expect(done.json()).toEqual({ revoked: 4 });
    const refused = answers.find((res) => res.statusCode === 401)!;
    expect(refused.json().error.code).toBe('UNAUTHORIZED');
    const statuses = await Promise.all([user.token, second, ...others].map(me));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const entries = (await audit()).filter((e) => e.action === 'session.revoke_others');
    expect(entries.filter((e) => e.targetId === user.id)).toHaveLength(1);
  });

  it('moves "last seen" forward with use, but does not write on every request', async () => {
    const start = Date.parse('2026-03-10T12:00:00Z');
    const user = await ctx.clock.at(start, () => register(ctx.app));
    const other = await ctx.clock.at(start, () => signIn(user, FIREFOX_WINDOWS));
    const otherId = await ctx.clock.at(start, () => idOf(other));
    const lastSeen = async (at: number) =>
      (await ctx.clock.at(at, () => list(user.token))).find((s) => s.id === otherId)!.lastSeenAt;

    // Seen at the start (the listing above was a request of that session).
    await expect.poll(() => lastSeen(start)).toBe(new Date(start).toISOString());
    // Used again a minute on: too soon to write it again.
    await ctx.clock.at(start + 60_000, async () => expect(await me(other)).toBe(200));
    expect(await lastSeen(start + 61_000)).toBe(new Date(start).toISOString());
    // Six minutes on, it is.
    const later = start + 6 * 60_000;
    await ctx.clock.at(later, async () => expect(await me(other)).toBe(200));
    await expect.poll(() => lastSeen(later)).toBe(new Date(later).toISOString());
  });

  it('shows the current session as seen now', async () => {
    const at = Date.parse('2026-03-10T12:00:00Z');
    const user = await ctx.clock.at(at - 60_000, () => register(ctx.app));
    const [current] = await ctx.clock.at(at, () => list(user.token));
    expect(current!.lastSeenAt).toBe(new Date(at).toISOString());
  });

  it('sends no-store with the list', async () => {
    const user = await register(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/sessions',
      headers: bearer(user.token),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
