import { PERP_ASSETS, assetIdByName } from '../market/assets.js';
import { fundingAt } from '../market/funding-rate.js';
import { markPriceAt } from '../market/marks.js';
import type { MarkPins } from '../market/pins.js';
import type { Ledger } from '../state.js';
import { roundTo } from '../util/decimal.js';

/**
 * Settles the funding of the whole hour `hourMs` on every position the account holds then
 * (after its orders were evaluated at that instant; engine/lazy.ts): each pays
 * `szi · mark(H) · rate(H)` USD (rounded to the micro-dollar, the amount the record shows), so
 * a long pays a positive rate and a short receives it. Positions are settled in coin order,
 * the order the stores list them. Returns whether anything was settled.
 */
export function settleFunding(
  ledger: Ledger,
  seed: number,
  hourMs: number,
  pins?: MarkPins,
): boolean {
  const { account } = ledger;
  const coins = Object.keys(account.positions).sort();
  for (const coin of coins) {
    const position = account.positions[coin]!;
    const asset = PERP_ASSETS[assetIdByName(coin)];
    if (!asset) continue;
    const mark = markPriceAt(seed, asset, hourMs, pins);
    const { fundingRate } = fundingAt(seed, asset, hourMs, pins);
    const usdc = roundTo(-position.szi * mark * fundingRate, 6) || 0;
    account.usdc += usdc;
    // An isolated position pays and receives funding in its own margin.
    if (position.isolatedMargin !== undefined) position.isolatedMargin += usdc;
    const paid = position.funding ?? { sinceOpen: 0, sinceChange: 0 };
    position.funding = { sinceOpen: paid.sinceOpen - usdc, sinceChange: paid.sinceChange - usdc };
    ledger.fundings.push({ coin, time: hourMs, usdc, szi: position.szi, fundingRate });
  }
  return coins.length > 0;
}
