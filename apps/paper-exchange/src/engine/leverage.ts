import { assetById } from '../market/assets.js';
import type { UpdateLeverageAction } from '../signing/canonical.js';
import type { Account } from '../state.js';

/**
 * Sets the account's cross leverage for an asset. Isolated margin is not simulated.
 * Returns an error text, or null when applied.
 */
export function updateLeverage(account: Account, action: UpdateLeverageAction): string | null {
  const asset = assetById(action.asset);
  if (!asset) return `Asset ${action.asset} does not exist.`;
  if (!action.isCross) return 'Isolated margin is not supported by the paper exchange; use cross.';
  if (action.leverage < 1 || action.leverage > asset.maxLeverage) {
    return `Invalid leverage ${action.leverage}x for ${asset.name}: allowed 1 to ${asset.maxLeverage}.`;
  }
  account.leverage[asset.name] = action.leverage;
  return null;
}
