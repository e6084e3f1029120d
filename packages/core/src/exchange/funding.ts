import { sumUsd, type Usd } from '../units/units.js';

/**
 * One hourly funding payment on a position, as the exchange lists it (Hyperliquid
 * `userFunding`): `usdc` is what the account received (negative: paid), `szi` the signed
 * position size it was charged on.
 */
export interface FundingPayment {
  coin: string;
  /** Epoch milliseconds (a whole hour). */
  time: number;
  usdc: number;
  szi: number;
  fundingRate: number;
}

/** What a trade held: `size` units of `coin` from `fromMs` to `toMs` (epoch ms, inclusive). */
export interface HeldSpan {
  coin: string;
  fromMs: number;
  toMs: number;
  size: number;
}

/**
 * The funding a trade received (negative: paid) while it was open: every payment on its coin
 * within its span, in the share its size had of the position charged (at most all of it, when
 * the position also held other size).
 */
export function fundingOver(payments: readonly FundingPayment[], span: HeldSpan): Usd {
  return sumUsd(
    payments
      .filter((p) => p.coin === span.coin && p.time >= span.fromMs && p.time <= span.toMs)
      .map((p) => {
        const charged = Math.abs(p.szi);
        const share = charged > 0 ? Math.min(1, span.size / charged) : 0;
        return p.usdc * share;
      }),
  );
}
