import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUser, register, someIp } from '../../test/api.js';
import { describeEachDatabase, type TestContext } from '../../test/helper.js';
import { UsersRepository } from '../users/users.repository.js';

const throttled = (seconds: number) =>
  `Too many failed sign-ins for this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/** POST /api/users/login from `ip` (a new address per call unless given). */
const loginWith =
  (ctx: TestContext) =>
  (username: string, password: string, ip = someIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
      remoteAddress: ip,
    });
type LoginResponse = Awaited<ReturnType<ReturnType<typeof loginWith>>>;

const expectThrottled = (res: LoginResponse, seconds: number) => {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: throttled(seconds) } });
};

/** How many answers had each status code, e.g. { 401: 5, 429: 35 }. */
const tally = (responses: LoginResponse[]) => {
  const out: Record<number, number> = {};
  for (const res of responses) out[res.statusCode] = (out[res.statusCode] ?? 0) + 1;
  return out;
};

/**
 * Sign-in limits (issue 11, issue 29): failed password checks are counted per account
 * (whatever login string names it) and client address; past five the next attempt from that
 * address waits 1 s, 2 s, 4 s ... at most a minute; past 100 in 15 minutes from all addresses
 * together, a device the account does not know needs a mailed code (step-up.test.ts); nothing
 * else counts; one client address still cannot try many accounts.
 */
describeEachDatabase('sign-in limits', (ctx) => {
  afterEach(() => vi.restoreAllMocks());

  const login = loginWith(ctx);
  const codes = async (logins: string[], password: string, ip = someIp()) => {
    const out: number[] = [];
    for (const name of logins) out.push((await login(name, password, ip)).statusCode);
    return out;
  };

  it('counts failures per account: username and email share one count', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const ip = someIp();
    const names = [
      user.username,
      user.email,
      user.username.toUpperCase(),
      user.email,
      user.username,
    ];
    expect(await codes(names, 'wrong-pass', ip)).toEqual([401, 401, 401, 401, 401]);
    expectThrottled(await login(user.email, 'wrong-pass', ip), 1);
    // A throttled attempt checks no password, so even the right one waits, and it costs nothing.
    expectThrottled(await login(user.username, user.password, ip), 1);
  });

  it("an attacker's wait does not slow the owner down at another address", async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const attacker = someIp();
    expect(await codes(Array(5).fill(user.email), 'wrong-pass', attacker)).toEqual(
      Array(5).fill(401),
    );
    expectThrottled(await login(user.email, 'wrong-pass', attacker), 1);
    expect((await login(user.username, user.password, '192.0.2.10')).statusCode).toBe(200);
    // The owner's sign-in frees the owner's address only, not the attacker's.
    expectThrottled(await login(user.email, user.password, attacker), 1);
  });

  it('counts an IPv6 client by its /64: another address in it shares the wait', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    expect(await codes(Array(5).fill(user.email), 'wrong-pass', '2001:db8:1:2::1')).toEqual(
      Array(5).fill(401),
    );
    expectThrottled(await login(user.email, 'wrong-pass', '2001:db8:1:2::ffff:1'), 1);
    expect((await login(user.email, user.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('a successful sign-in starts the count again', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const ip = someIp();
    expect(await codes(Array(4).fill(user.username), 'wrong-pass', ip)).toEqual(Array(4).fill(401));
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    expect(await codes(Array(5).fill(user.username), 'wrong-pass', ip)).toEqual(Array(5).fill(401));
    expectThrottled(await login(user.username, 'wrong-pass', ip), 1);
  });

  it('past 100 failures in 15 minutes from all addresses, a new device needs a mailed code', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    // 110 addresses at once, one guess each: none of them is past its own five free failures.
    const burst = Array.from({ length: 110 }, (_, i) =>
      login(user.username, 'wrong-pass', `198.51.100.${i + 1}`),
    );
    const answers = await Promise.all(burst);
    expect(tally(answers)).toEqual({ 401: 110 });
    const codes = answers.map((res) => (res.json() as { error: { code: string } }).error.code);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(100);
    expect(codes.filter((c) => c === 'STEP_UP_REQUIRED')).toHaveLength(10);
    // Past the ceiling no password is checked without the code: the right one is not told apart.
    const owner = await login(user.username, user.password, '192.0.2.20');
    expect(owner.statusCode).toBe(401);
    expect(owner.json().error.code).toBe('STEP_UP_REQUIRED');
    // The ceiling counts failures in 15-minute windows.
    ctx.clock.advance(15 * 60_000);
    expect((await login(user.username, 'wrong-pass', '192.0.2.21')).json().error.code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('does not count logins the database could not answer', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const ip = someIp();
    // The lookup fails the way a stopped PostgreSQL does (admin shutdown, SQLSTATE 57P01).
    const lookup = vi
      .spyOn(UsersRepository.prototype, 'findByLogin')
      .mockRejectedValue(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    expect(await codes(Array(12).fill(user.username), user.password, ip)).toEqual(
      Array(12).fill(503),
    );
    lookup.mockRestore();
    expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
  });

  it('answers an unknown login name exactly like a known one', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const ghost = newUser('ghost').username;
    const ip = someIp();
    expect(await codes(Array(5).fill(ghost), 'wrong-pass', ip)).toEqual(Array(5).fill(401));
    expectThrottled(await login(ghost, 'wrong-pass', ip), 1);
    expect((await login(ghost, 'wrong-pass')).statusCode).toBe(401);
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

/**
 * Many sign-ins from one address: the route's per-address limit (20 a minute, on real time) is
 * raised so that every request reaches the account's count.
 */
describeEachDatabase(
  'sign-in limits from one busy address',
  (ctx) => {
    const login = loginWith(ctx);
    const codes = async (logins: string[], password: string, ip: string) => {
      const out: number[] = [];
      for (const name of logins) out.push((await login(name, password, ip)).statusCode);
      return out;
    };

    it('slows one address down progressively, at most a minute, never locking it out', async () => {
      ctx.clock.set('2026-03-10T12:00:00Z');
      const user = await register(ctx.app);
      const ip = someIp();
      expect(await codes(Array(5).fill(user.username), 'wrong-pass', ip)).toEqual(
        Array(5).fill(401),
      );
      const waits: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await login(user.username, 'wrong-pass', ip);
        expect(res.statusCode).toBe(429);
        const seconds = Number(res.headers['retry-after']);
        waits.push(seconds);
        ctx.clock.advance(seconds * 1000 - 1);
        expect((await login(user.username, 'wrong-pass', ip)).statusCode).toBe(429);
        ctx.clock.advance(1);
        expect((await login(user.username, 'wrong-pass', ip)).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
      expectThrottled(await login(user.username, user.password, ip), 60);
      ctx.clock.advance(60_000);
      expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
    });

    it('checks the password of only the five free attempts of a burst of 40', async () => {
      ctx.clock.set('2026-03-10T12:00:00Z');
      const user = await register(ctx.app);
      const ip = someIp();
      const burst = Array.from({ length: 40 }, () => login(user.username, 'wrong-pass', ip));
      const answers = await Promise.all(burst);
      // The sixth would have to wait 1 s after the fifth failure, and the clock stands still.
      expect(tally(answers)).toEqual({ 401: 5, 429: 35 });
      for (const res of answers.filter((r) => r.statusCode === 429)) expectThrottled(res, 1);
      ctx.clock.advance(1_000);
      expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
    });
  },
  { env: () => ({ RATE_LIMIT_SCALE: '10' }) },
);
