import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';
import { LONG, MARK, liveHelpers } from '../../test/live-trading.js';
import { socketUrl } from './fills-fast-path.js';

/**
 * The live loop's fast path end to end: the server listening, its reconciler following a
 * trader's fills over the server's own /paper/ws. The market goes through the trade's entry and
 * target and back between two passes, so the price watch sees nothing; the pushed fills alone
 * mark the connection due, and the next pass closes the trade from them.
 */
describeEachDatabase(
  'the fills fast path',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );

    /** Waits for `check` (15 s at most: the paper feed reads its users once a second). */
    async function until<T>(check: () => Promise<T | undefined | false>, what: string) {
      const deadline = performance.now() + 15_000;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    it('closes a trade from fills the socket pushed, with the price back between its levels', async () => {
      await t.pin(MARK);
      const user = await t.paperTrader();
      const placed = await t.place(user.token, LONG);
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const fastPath = ctx.app.reconciler.fastPath!;
      expect(fastPath).not.toBeNull();

      // A pass follows the trader's account over the socket.
      await ctx.app.reconciler.runOnce();
      await until(
        async () => fastPath.following('paper').has(user.wallet.toLowerCase()),
        'the socket to follow the trader',
      );
      const before = await t.stored(user.id);
      expect(before.cursors[0]!.dueAt).toBeNull();

      // Entry, then target, then back to the mark, with no pass in between.
      for (const px of [98_900, 103_500]) {
        await t.pin(px);
        await t.paperInfo({ type: 'frontendOpenOrders', user: user.wallet });
      }
      await t.pin(MARK);
      expect(await t.paperFills(user.wallet)).toHaveLength(2);

      // No pass ran: only the pushed fills can have marked the connection due.
      const due = await until(async () => (await t.stored(user.id)).cursors[0]!.dueAt, 'due');
      expect(due).toBeInstanceOf(Date);
      expect((await t.trade(user.token, placed.id)).status).toBe('OPEN');

      await ctx.app.reconciler.runOnce();
      const closed = await t.trade(user.token, placed.id);
      expect(closed).toMatchObject({ status: 'TARGET_HIT', verified: true });
      const stored = await t.stored(user.id);
      expect(stored.fills).toHaveLength(2);
      expect(stored.cursors[0]!.dueAt).toBeNull();
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);

it("puts Hyperliquid's WebSocket beside its REST URL", () => {
  expect(socketUrl('https://api.hyperliquid.xyz')).toBe('wss://api.hyperliquid.xyz/ws');
  expect(socketUrl('http://127.0.0.1:9000/')).toBe('ws://127.0.0.1:9000/ws');
});
