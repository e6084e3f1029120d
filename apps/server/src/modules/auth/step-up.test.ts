import { expect, it } from 'vitest';
import { auditEntriesFor, newUser, register } from '../../test/api.js';
import { describeEachDatabase, type TestContext } from '../../test/helper.js';

interface Attempt {
  username: string;
  password: string;
  code?: string;
  deviceTokens?: string[];
}

const login = (ctx: TestContext, ip: string, body: Attempt) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: body, remoteAddress: ip });

const errorCode = (res: { json: () => unknown }) =>
  (res.json() as { error?: { code: string } }).error?.code;

/**
 * Issue 29 (finding 1): 5 wrong passwords from each of 21 addresses tripped the account-wide
 * ceiling, and the owner's right password then got 429 every time. Past the ceiling the owner
 * now signs in from a device the account knows as usual, or from any other with the 6-digit
 * code mailed to the account's address; strangers get the same step-up answer whatever they
 * send, and their wrong codes do not spoil the owner's.
 */
describeEachDatabase('sign-in step-up past the account-wide ceiling', (ctx) => {
  /** 5 wrong passwords from each of 21 addresses: 105 failures, past the ceiling of 100. */
  async function strangersFail(username: string) {
    // All at once, as an attack would send them (and both cores hash): each address's five
    // are its free failures, and the account-wide count is atomic, so the outcome is the same
    // as one by one: 100 checked and failed, 5 asked for a step-up.
    const attempts = [];
    for (let a = 1; a <= 21; a++) {
      for (let i = 0; i < 5; i++)
        attempts.push(login(ctx, `203.0.113.${a}`, { username, password: `guess-${i}` }));
    }
    const codes = (await Promise.all(attempts)).map(errorCode);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(100);
    expect(codes.filter((c) => c === 'STEP_UP_REQUIRED')).toHaveLength(5);
  }
  const codesMailedTo = async (email: string) =>
    (await ctx.mailer.settled())
      .filter((m) => m.to === email && /sign-in code/.test(m.subject))
      .map((m) => /^(\d{6}) is your/.exec(m.subject)![1]!);

  it('asks the owner at a new address for the mailed code, and signs in with it', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    await strangersFail(user.username);

    const asked = await login(ctx, '192.0.2.50', user);
    expect(asked.statusCode).toBe(401);
    expect(errorCode(asked)).toBe('STEP_UP_REQUIRED');
    expect(asked.json().error.message).toMatch(/mailed a 6-digit code/);
    // The strangers' sixth attempts past the ceiling mailed it already; the owner's did not again.
    const [code, ...more] = await codesMailedTo(user.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(more).toEqual([]);
    const mail = (await ctx.mailer.settled()).find((m) => m.subject.startsWith(code!))!;
    expect(mail.text).toContain('valid for 15 minutes');
    expect(mail.text).not.toContain(user.password);

    const signedIn = await login(ctx, '192.0.2.50', { ...user, code: code! });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().deviceToken).toEqual(expect.any(String));
    // The code is used up: asking with it again is a sign-in without one (a new code is mailed).
    const again = await login(ctx, '192.0.2.51', { ...user, code: code! });
    expect(errorCode(again)).toBe('STEP_UP_REQUIRED');
    expect(await codesMailedTo(user.email)).toHaveLength(2);

    // A stranger's address past its own five waits (429), audited once per wait, not per answer.
    for (let i = 0; i < 2; i++) {
      const res = await login(ctx, '203.0.113.1', { username: user.username, password: 'guess-6' });
      expect(res.statusCode).toBe(429);
    }
    const actions = (await auditEntriesFor(ctx.database, user.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'auth.sign_in_failed')).toHaveLength(100);
    expect(actions.filter((a) => a === 'auth.sign_in_throttled')).toHaveLength(1);
    expect(actions.filter((a) => a === 'auth.step_up_mailed')).toHaveLength(2);
    expect(actions.filter((a) => a === 'auth.step_up_passed')).toHaveLength(1);
  });

  it('lets a device the account signed in from before through without a code', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const earlier = await login(ctx, '192.0.2.60', user);
    const { deviceToken } = earlier.json() as { deviceToken: string };
    await strangersFail(user.username);
    const mailed = (await codesMailedTo(user.email)).length;
    const res = await login(ctx, '192.0.2.61', { ...user, deviceTokens: ['junk', deviceToken] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await codesMailedTo(user.email)).toHaveLength(mailed);
    // Known device, wrong password: an ordinary failure, counted at its own address.
    const wrong = await login(ctx, '192.0.2.61', {
      ...user,
      password: 'nope-nope',
      deviceTokens: [deviceToken],
    });
    expect(errorCode(wrong)).toBe('INVALID_CREDENTIALS');
  });

  it('does not take another account’s device token, or one 90 days old', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const other = await register(ctx.app);
    const otherToken = (await login(ctx, '192.0.2.70', other)).json().deviceToken as string;
    const user = await register(ctx.app);
    const ownToken = (await login(ctx, '192.0.2.71', user)).json().deviceToken as string;
    ctx.clock.advance(90 * 24 * 60 * 60_000);
    await strangersFail(user.username);
    const res = await login(ctx, '192.0.2.72', { ...user, deviceTokens: [otherToken, ownToken] });
    expect(errorCode(res)).toBe('STEP_UP_REQUIRED');
  });

  it('answers strangers the same whatever they send, and their wrong codes spoil nothing', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    await strangersFail(user.username);
    const stranger = '198.51.100.99';
    const first = await login(ctx, stranger, { username: user.username, password: 'guess-x' });
    expect(errorCode(first)).toBe('STEP_UP_REQUIRED');
    const [code] = await codesMailedTo(user.email);
    // A stranger with the right password still needs the code: same answer, no password said.
    const right = await login(ctx, stranger, user);
    expect(right.json()).toEqual(first.json());
    // Wrong codes from the stranger's address, past its five tries.
    for (let i = 0; i < 8; i++) {
      const wrongCode = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const res = await login(ctx, stranger, { ...user, code: wrongCode });
      expect(errorCode(res)).toBe('STEP_UP_REQUIRED');
    }
    // The right code from the stranger's spent address: still no.
    expect(errorCode(await login(ctx, stranger, { ...user, code: code! }))).toBe(
      'STEP_UP_REQUIRED',
    );
    // The right code with a wrong password says no more than a wrong code.
    const owner = '192.0.2.80';
    const mixed = await login(ctx, owner, { ...user, password: 'not-it-at-all', code: code! });
    expect(errorCode(mixed)).toBe('STEP_UP_REQUIRED');
    // The owner's address: the code still works.
    expect((await login(ctx, owner, { ...user, code: code! })).statusCode).toBe(200);
    // No mail flood: one code for all of that.
    expect(await codesMailedTo(user.email)).toHaveLength(1);
  });

  it('mails a new code only once the last is 5 minutes old, and codes end after 15', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    await strangersFail(user.username);
    await login(ctx, '192.0.2.90', user);
    await login(ctx, '192.0.2.90', user);
    expect(await codesMailedTo(user.email)).toHaveLength(1);
    ctx.clock.advance(5 * 60_000);
    await login(ctx, '192.0.2.90', user);
    const [first, second] = await codesMailedTo(user.email);
    expect(second).toMatch(/^\d{6}$/);
    // The second replaced the first.
    if (first !== second) {
      expect(errorCode(await login(ctx, '192.0.2.91', { ...user, code: first! }))).toBe(
        'STEP_UP_REQUIRED',
      );
    }
    ctx.clock.advance(9 * 60_000);
    // Still within the 15-minute window of failures and the code's 15 minutes: it works.
    expect((await login(ctx, '192.0.2.92', { ...user, code: second! })).statusCode).toBe(200);
  });

  it('answers an unknown name past its ceiling exactly alike, mailing nobody', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const ghost = newUser('ghost');
    await strangersFail(ghost.username);
    const before = (await ctx.mailer.settled()).length;
    const res = await login(ctx, '192.0.2.95', ghost);
    expect(errorCode(res)).toBe('STEP_UP_REQUIRED');
    expect(res.json().error.message).toMatch(/If the account exists/);
    expect((await ctx.mailer.settled()).length).toBe(before);
  });
});
