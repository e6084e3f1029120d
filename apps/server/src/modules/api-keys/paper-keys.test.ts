import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authed, register } from '../../test/api.js';
import { grantPlan, newKeys } from '../../test/exchange-fixtures.js';
import { describeEachDatabase } from '../../test/helper.js';
import { MAX_PAPER_KEYS, PAPER_KEYS_PER_HOUR } from './paper-key-limits.js';

describeEachDatabase('paper keys, whatever the plan', (ctx) => {
  /** A user whose plan sets no key limit. */
  const unlimitedUser = async () => {
    const user = await register(ctx.app);
    await grantPlan(ctx, user.id, 'paid');
    return user;
  };
  const connectPaper = (token: string) =>
    authed(ctx.app, token, 'POST', '/api/users/exchanges', {
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
  const paperKeys = async (userId: string) => {
    const result = await ctx.database.db.execute(
      sql`select count(*)::int as n from exchange_credentials where user_id = ${userId} and network = 'paper'`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  };

  it(`makes ${PAPER_KEYS_PER_HOUR} paper accounts an hour, even when many are asked at once`, async () => {
    const user = await unlimitedUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => connectPaper(user.token)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(PAPER_KEYS_PER_HOUR);
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - PAPER_KEYS_PER_HOUR);
    expect(answers.find((res) => res.statusCode === 429)!.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: `You can create ${PAPER_KEYS_PER_HOUR} paper accounts per hour. Please try again in 60 minutes.`,
    });
    expect(await paperKeys(user.id)).toBe(PAPER_KEYS_PER_HOUR);
    // Keys of a real network are not paper accounts: not limited by it.
    const real = await authed(ctx.app, user.token, 'POST', '/api/api-keys', newKeys());
    expect(real.statusCode).toBe(201);
    // Removing one does not give the hour's allowance back.
    const [first] = (await authed(ctx.app, user.token, 'GET', '/api/users/exchanges')).json()
      .exchanges as Array<{ id: string }>;
    await authed(ctx.app, user.token, 'DELETE', `/api/users/exchanges/${first!.id}`);
    expect((await connectPaper(user.token)).statusCode).toBe(429);
    ctx.clock.advance(3_600_000);
    expect((await connectPaper(user.token)).statusCode).toBe(201);
  });

  it(`holds at most ${MAX_PAPER_KEYS} paper accounts per user`, async () => {
    const user = await unlimitedUser();
    for (let made = 0; made < MAX_PAPER_KEYS; made += 1) {
      if (made > 0 && made % PAPER_KEYS_PER_HOUR === 0) ctx.clock.advance(3_600_000);
      const res = await connectPaper(user.token);
      expect(res.statusCode, res.body).toBe(201);
    }
    ctx.clock.advance(3_600_000);
    const over = await authed(ctx.app, user.token, 'POST', '/api/api-keys', { network: 'paper' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'network',
      message: `You already have ${MAX_PAPER_KEYS} paper accounts, the most one user can hold. Remove one before creating another.`,
    });
    expect(await paperKeys(user.id)).toBe(MAX_PAPER_KEYS);
  });
});
