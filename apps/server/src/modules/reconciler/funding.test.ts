import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';
import { LONG, MARK, liveHelpers, vwapOf } from '../../test/live-trading.js';
import { MIN_SWEEP_MS } from './sweep.js';

const HOUR = 3_600_000;

/** A paper userFunding entry, as Hyperliquid answers it. */
interface FundingUpdate {
  time: number;
  delta: { coin: string; usdc: string; szi: string; fundingRate: string };
}

describeEachDatabase(
  'funding: verified results are the account’s, funding paid while open included',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );
    const runOnce = () => ctx.app.reconciler.runOnce();
    const fundingOf = async (wallet: string) =>
      (await t.paperInfo({ type: 'userFunding', user: wallet, startTime: 0 })) as FundingUpdate[];

    it('a bracket held over two funding hours: pnlUsd and R include what the long paid', async () => {
      // Ten minutes before a whole hour, so two hours later two payments have fallen; behind
      // the wall clock, as in the test below.
      const start = Math.floor(Date.now() / HOUR) * HOUR - 10 * 60_000;
      ctx.clock.set(start);
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      await t.pin(98_900);
      ctx.clock.advance(60_000);
      await runOnce();
      expect((await t.trade(user.token, placed.id)).live.execution).toBe('open');

      ctx.clock.advance(2 * HOUR);
      await t.pin(103_500);
      await runOnce();

      const payments = await fundingOf(user.wallet);
      expect(payments).toHaveLength(2);
      for (const p of payments) {
        expect(p.time % HOUR).toBe(0);
        expect(p.delta.coin).toBe('BTC');
        // A long pays a positive rate.
        expect(Number(p.delta.usdc)).toBeLessThan(0);
      }
      const funding = payments.reduce((sum, p) => sum + Number(p.delta.usdc), 0);

      const fills = await t.paperFills(user.wallet);
      const entry = vwapOf(fills.filter((f) => f.side === 'B'));
      const exit = vwapOf(fills.filter((f) => f.side === 'A'));
      const fees = entry.fees + exit.fees;
      const closed = await t.trade(user.token, placed.id);
      expect(closed).toMatchObject({ status: 'TARGET_HIT', verified: true });
      expect(closed.fundingUsd).toBeCloseTo(funding, 6);
      expect(closed.pnlUsd).toBeCloseTo(
        entry.size * (exit.price - entry.price) - fees + funding,
        5,
      );
      const risk = entry.size * (entry.price - LONG.stopLoss);
      const priceR = (exit.price - entry.price) / (entry.price - LONG.stopLoss);
      expect(closed.rMultiple).toBeCloseTo(priceR + funding / risk, 4);
      // The sidebar's totals took the same result.
      expect((await t.risk(user.token)).totalStats.totalGain).toBeCloseTo(closed.pnlUsd, 6);

      // Passes again read nothing twice.
      await runOnce();
      expect((await t.trade(user.token, placed.id)).pnlUsd).toBe(closed.pnlUsd);
    });

    it('an off-plan round trip held over an hour: its P/L includes the funding it paid', async () => {
      // Five minutes before the last funding hour that has passed on the wall clock: the app's
      // clock runs behind the wall's (as when a run crosses an hour), and everything the
      // reconciler reads from must be stamped by the app's clock, not the database's. (Signed
      // nonces are the wall clock's: the paper exchange takes them up to a day ahead.)
      const start = Math.floor(Date.now() / HOUR) * HOUR - 5 * 60_000;
      ctx.clock.set(start);
      await t.pin(MARK);
      const user = await t.paperTrader();
      const order = (side: 'buy' | 'sell') => ({
        symbol: 'BTC',
        side,
        size: 0.01,
        orderType: 'market',
        reduceOnly: side === 'sell',
      });
      expect(
        (await t.call(user.token, 'POST', '/api/exchange/order', order('buy'))).statusCode,
      ).toBe(201);
      ctx.clock.advance(HOUR);
      expect(
        (await t.call(user.token, 'POST', '/api/exchange/order', order('sell'))).statusCode,
      ).toBe(201);
      await runOnce();
      ctx.clock.advance(MIN_SWEEP_MS + 1);
      await runOnce();

      const payments = await fundingOf(user.wallet);
      expect(payments).toHaveLength(1);
      const funding = Number(payments[0]!.delta.usdc);
      // 0.01 BTC at the pinned mark, the interest rate alone (a flat price has no premium).
      expect(funding).toBeCloseTo(-0.01 * MARK * 0.0000125, 6);

      const { trades, fills } = await t.stored(user.id);
      const [row] = trades.filter((r) => r.source === 'offPlan');
      const fees = fills.reduce((sum, f) => sum + Number(f.fee), 0);
      const move = Number(row!.quantity) * (Number(row!.exitPrice) - Number(row!.entryPrice));
      expect(Number(row!.fundingUsd)).toBeCloseTo(funding, 6);
      expect(Number(row!.pnlUsd)).toBeCloseTo(move - fees + funding, 6);
      const daily = (await t.risk(user.token)).dailyStats;
      expect(daily).toMatchObject({ trades: 1, offPlanTrades: 1 });
      expect(daily.offPlanPnlUsd).toBeCloseTo(Number(row!.pnlUsd), 6);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
