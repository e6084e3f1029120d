import type { ExchangeFill } from '@tb/core';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';
import { liveHelpers, MARK } from '../../test/live-trading.js';
import { heldAcrossAnHour } from './fundings.js';

const HOUR = 3_600_000;
const T = 1_795_000_000_000 - (1_795_000_000_000 % HOUR); // a whole hour
const fill = (side: 'B' | 'A', startPosition: number, time: number): ExchangeFill => ({
  tid: time,
  oid: '1',
  cloid: null,
  coin: 'BTC',
  side,
  px: 65_000,
  sz: 0.01,
  fee: 0.3,
  closedPnl: 0,
  dir: '',
  startPosition,
  time,
});

describeEachDatabase(
  'funding is read only for positions held across a whole hour',
  (ctx) => {
    const t = liveHelpers(
      () => ctx.app,
      () => ctx.database,
    );

    it('opened and closed within one hour: no funding was charged; across an hour: read', async () => {
      await t.pin(MARK);
      const { connectionId } = await t.paperTrader();
      const { db } = ctx.database;
      const within = [fill('B', 0, T + 5 * 60_000), fill('A', 0.01, T + 50 * 60_000)];
      expect(await heldAcrossAnHour(db, connectionId, within)).toBe(false);
      const across = [fill('B', 0, T + 50 * 60_000), fill('A', 0.01, T + 70 * 60_000)];
      expect(await heldAcrossAnHour(db, connectionId, across)).toBe(true);
      // Opened exactly on the hour: that hour's payment may have counted it.
      expect(
        await heldAcrossAnHour(db, connectionId, [fill('B', 0, T), fill('A', 0.01, T + 1)]),
      ).toBe(true);
      // The opening fill unknown (neither read now nor stored): assumed held across one.
      expect(await heldAcrossAnHour(db, connectionId, [fill('A', 0.01, T + 50 * 60_000)])).toBe(
        true,
      );
      // Nothing reduced: nothing to charge.
      expect(await heldAcrossAnHour(db, connectionId, [fill('B', 0, T + 60)])).toBe(false);
    });
  },
  { env: () => ({ PAPER_CONTROL: 'true' }) },
);
