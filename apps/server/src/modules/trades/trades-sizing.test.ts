import { expect, it } from 'vitest';
import { register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { LIMIT, LONG, MARK, liveHelpers } from '../../test/live-trading.js';

/** The paper exchange's first deposit: the account's USDC value before any trade. */
const PAPER_BALANCE = 10_000;

describeEachDatabase(
  'one size rule: with live trading on, a trade is sized from the exchange balance',
  (ctx) => {
    const { call, pin, paperTrader } = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    /** Stored sizes unlike the balance's, so the two rules give different sizes. */
    const storedSizes = async (token: string) => {
      const res = await call(token, 'POST', '/api/risk-management/settings', {
        accountSize: 5_000,
        baseTradeSize: 600,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const journal = (token: string, body: object) => call(token, 'POST', '/api/trades', body);
    const withoutSize = { ...LONG, sizeUsd: undefined };

    it('sizes a journal trade and records its account size from the balance (SPEC.md section 9)', async () => {
      const user = await paperTrader();
      await storedSizes(user.token);
      const res = await journal(user.token, { ...withoutSize, connectionId: user.connectionId });
      expect(res.statusCode, res.body).toBe(201);
      // round(10,000 × 10 %) at streak 0, not the stored 600; the account is the balance.
      expect(res.json()).toMatchObject({ sizeUsd: 1_000, accountSizeAtOpen: PAPER_BALANCE });
      // The newest connection's balance when none is named; and the size is a ceiling.
      const unnamed = await journal(user.token, withoutSize);
      expect(unnamed.json()).toMatchObject({ sizeUsd: 1_000, accountSizeAtOpen: PAPER_BALANCE });
      const above = await journal(user.token, { ...LONG, sizeUsd: 1_001 });
      expect(above.statusCode).toBe(400);
      expect(above.json().error.message).toBe(
        'Trade size $1,001 is above the suggested $1,000 for your streak: size down, never up.',
      );
    });

    it('places a bracket of the balance-sized trade on the named connection', async () => {
      await pin(MARK);
      const user = await paperTrader();
      await storedSizes(user.token);
      const res = await call(user.token, 'POST', '/api/trades', {
        ...withoutSize,
        connectionId: user.connectionId,
        order: LIMIT,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        sizeUsd: 1_000,
        accountSizeAtOpen: PAPER_BALANCE,
        live: { connectionId: user.connectionId },
      });
    });

    it('uses the stored sizes with live trading off, or without a connection', async () => {
      const user = await paperTrader();
      await storedSizes(user.token);
      const off = await call(user.token, 'PUT', '/api/users/settings', {
        liveTradingEnabled: false,
      });
      expect(off.statusCode, off.body).toBe(200);
      const res = await journal(user.token, withoutSize);
      expect(res.json()).toMatchObject({ sizeUsd: 600, accountSizeAtOpen: 5_000 });
      // A balance-sized amount is then above the suggested size.
      expect((await journal(user.token, { ...LONG, sizeUsd: 1_000 })).statusCode).toBe(400);

      const plain = await register(ctx.app);
      await storedSizes(plain.token);
      const none = await journal(plain.token, withoutSize);
      expect(none.json()).toMatchObject({ sizeUsd: 600, accountSizeAtOpen: 5_000 });
    });

    it("never sizes from another trader's connection, nor places on it", async () => {
      const owner = await paperTrader();
      const other = await paperTrader();
      await storedSizes(other.token);
      const sized = await journal(other.token, {
        ...withoutSize,
        connectionId: owner.connectionId,
      });
      expect(sized.statusCode, sized.body).toBe(201);
      // The other trader's own live switch is on, but the named connection is not theirs.
      expect(sized.json()).toMatchObject({ sizeUsd: 600, accountSizeAtOpen: 5_000 });
      await pin(MARK);
      const placed = await call(other.token, 'POST', '/api/trades', {
        ...LONG,
        sizeUsd: 500,
        connectionId: owner.connectionId,
        order: LIMIT,
      });
      expect(placed.statusCode).toBe(400);
      expect(placed.json().error.code).toBe('EXCHANGE_NOT_CONNECTED');
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
