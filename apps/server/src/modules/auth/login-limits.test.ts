import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUser, register, someIp } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { UsersRepository } from '../users/users.repository.js';

const throttled = (seconds: number) =>
  `Too many failed sign-ins for this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/**
 * Sign-in limits (issue 11): failed password checks are counted per account, whatever login
 * string names it; past five the next attempt waits 1 s, 2 s, 4 s ... at most a minute; nothing
 * else counts; one client address still cannot try many accounts.
 */
describeEachDatabase('sign-in limits', (ctx) => {
  afterEach(() => vi.restoreAllMocks());

  const login = (username: string, password: string, ip = someIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  const codes = async (logins: string[], password: string) => {
    const out: number[] = [];
    for (const name of logins) out.push((await login(name, password)).statusCode);
    return out;
  };
  const expectThrottled = (res: Awaited<ReturnType<typeof login>>, seconds: number) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: throttled(seconds) } });
  };

  it('counts failures per account: username and email share one count', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const names = [
      user.username,
      user.email,
      user.username.toUpperCase(),
      user.email,
      user.username,
    ];
    expect(await codes(names, 'wrong-pass')).toEqual([401, 401, 401, 401, 401]);
    expectThrottled(await login(user.email, 'wrong-pass'), 1);
    // A throttled attempt checks no password, so even the right one waits, and it costs nothing.
    expectThrottled(await login(user.username, user.password), 1);
  });

  it('slows down progressively, at most a minute, and never locks the owner out', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    expect(await codes(Array(5).fill(user.username), 'wrong-pass')).toEqual(Array(5).fill(401));
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await login(user.username, 'wrong-pass');
      expect(res.statusCode).toBe(429);
      const seconds = Number(res.headers['retry-after']);
      waits.push(seconds);
      ctx.clock.advance(seconds * 1000 - 1);
      expect((await login(user.username, 'wrong-pass')).statusCode).toBe(429);
      ctx.clock.advance(1);
      expect((await login(user.username, 'wrong-pass')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    expectThrottled(await login(user.username, user.password), 60);
    ctx.clock.advance(60_000);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('a successful sign-in starts the count again', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    expect(await codes(Array(4).fill(user.username), 'wrong-pass')).toEqual(Array(4).fill(401));
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect(await codes(Array(5).fill(user.username), 'wrong-pass')).toEqual(Array(5).fill(401));
    expectThrottled(await login(user.username, 'wrong-pass'), 1);
  });

  it('does not count logins the database could not answer', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    // The lookup fails the way a stopped PostgreSQL does (admin shutdown, SQLSTATE 57P01).
    const lookup = vi
      .spyOn(UsersRepository.prototype, 'findByLogin')
      .mockRejectedValue(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    expect(await codes(Array(12).fill(user.username), user.password)).toEqual(Array(12).fill(503));
    lookup.mockRestore();
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('answers an unknown login name exactly like a known one', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const ghost = newUser('ghost').username;
    expect(await codes(Array(5).fill(ghost), 'wrong-pass')).toEqual(Array(5).fill(401));
    expectThrottled(await login(ghost, 'wrong-pass'), 1);
  });

  describe('per client address', () => {
    it('one address cannot try more than 20 sign-ins a minute, across accounts', async () => {
      const ip = someIp();
      const out: number[] = [];
      for (let i = 0; i < 21; i++) {
        out.push((await login(newUser('probe').username, 'wrong-pass', ip)).statusCode);
      }
      expect(out).toEqual([...Array(20).fill(401), 429]);
    });
  });
});
