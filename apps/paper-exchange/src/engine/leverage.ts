import { assetById } from '../market/assets.js';
import type { Marks } from '../market/marks.js';
import type { UpdateIsolatedMarginAction, UpdateLeverageAction } from '../signing/canonical.js';
import type { Account } from '../state.js';
import { isIsolated, isolatedEquity } from './isolated.js';
import { accountSummary, leverageFor } from './margin.js';

/** The account's leverage and margin mode per asset, and its isolated margin transfers. */

/** Sets the margin mode of `coin` (isolated or cross) for the account. */
function setMode(account: Account, coin: string, isolated: boolean): void {
  const others = (account.isolated ?? []).filter((c) => c !== coin);
  const next = isolated ? [...others, coin] : others;
  if (next.length > 0) account.isolated = next;
  else delete account.isolated;
}

/**
 * `updateLeverage`: sets the leverage of an asset and its margin mode, cross or isolated
 * (engine/isolated.ts). The mode cannot change while the account holds a position in the
 * asset; an isolated position's leverage may be lowered only while its equity covers
 * notional / new leverage at the mark. Returns Hyperliquid's error text, or null when applied.
 */
export function updateLeverage(
  account: Account,
  action: UpdateLeverageAction,
  marks: Marks,
): string | null {
  const asset = assetById(action.asset);
  if (!asset) return `Asset ${action.asset} does not exist.`;
  if (action.leverage < 1 || action.leverage > asset.maxLeverage) {
    return `Invalid leverage ${action.leverage}x for ${asset.name}: allowed 1 to ${asset.maxLeverage}.`;
  }
  const coin = asset.name;
  const position = account.positions[coin];
  if (position && isIsolated(position) === action.isCross) {
    return 'Cannot switch leverage type with open position.';
  }
  if (position && isIsolated(position) && action.leverage < leverageFor(account, coin)) {
    const mark = marks[coin] ?? position.entryPx;
    const required = (Math.abs(position.szi) * mark) / action.leverage;
    if (isolatedEquity(position, mark) < required) {
      return 'Isolated position does not have sufficient margin available to decrease leverage. To decrease leverage, add margin to the position.';
    }
  }
  account.leverage[coin] = action.leverage;
  setMode(account, coin, !action.isCross);
  return null;
}

/** Micro-dollars per dollar in `ntli`. */
const NTLI_PER_USD = 1e6;
/** Hyperliquid's floor on what margin transfers leave: 10 % of the notional. */
const TRANSFER_MARGIN_FLOOR = 0.1;

/**
 * `updateIsolatedMargin`: adds `ntli` / 1e6 USD to the asset's isolated position from the cross
 * account (ntli > 0), or takes it back (ntli < 0). `isBuy` names the side; Hyperliquid ignores
 * it in one-way mode, and so does this. Returns Hyperliquid's error text, or null when applied.
 */
export function updateIsolatedMargin(
  account: Account,
  action: UpdateIsolatedMarginAction,
  marks: Marks,
): string | null {
  const asset = assetById(action.asset);
  if (!asset) return `Asset ${action.asset} does not exist.`;
  if (action.ntli === 0) return 'Update to isolated margin cannot be zero.';
  const position = account.positions[asset.name];
  if (!position) return 'Cannot update margin for empty position.';
  if (!isIsolated(position)) return 'Position does not use isolated margin.';
  const amount = action.ntli / NTLI_PER_USD;
  const mark = marks[asset.name] ?? position.entryPx;
  if (amount > 0) {
    if (amount > accountSummary(account, marks).available) {
      return 'Account does not have sufficient margin available for increase.';
    }
  } else {
    const notional = Math.abs(position.szi) * mark;
    const keep = Math.max(
      notional / leverageFor(account, asset.name),
      notional * TRANSFER_MARGIN_FLOOR,
    );
    if (isolatedEquity(position, mark) + amount < keep) {
      return 'Position does not have sufficient margin for reduction.';
    }
  }
  position.isolatedMargin += amount;
  return null;
}
