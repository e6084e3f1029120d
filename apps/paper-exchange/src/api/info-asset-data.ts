import { isIsolated, isIsolatedMode, isolatedEquity } from '../engine/isolated.js';
import { accountSummary, leverageFor } from '../engine/margin.js';
import { PERP_ASSETS, assetIdByName, priceDecimals } from '../market/assets.js';
import { marksAt } from '../market/marks.js';
import { newAccount } from '../state.js';
import type { Account } from '../state.js';
import { formatDecimal, formatUsd } from '../util/decimal.js';
import { readAddress, readString } from '../util/read.js';
import type { Json } from '../util/read.js';
import { accountNow } from './accounts.js';
import type { ExchangeDeps } from './context.js';

/** Rounds a size down to the asset's lot. */
function floorTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.floor(value * factor + 1e-9) / factor;
}

/**
 * activeAssetData `{user, coin}`: the user's leverage on a coin as Hyperliquid shows it, set or
 * by default, with or without a position (`{type: "cross", value}` or `{type: "isolated",
 * value, rawUsd}`, rawUsd = margin − szi · entryPx, "0" while flat), how much it may trade each
 * way and the mark. `[buy, sell]` pairs, in the paper exchange's reading: a side may use the
 * cross account's available margin at this leverage, and the side that closes the position
 * also its size and the margin closing it frees. An unknown coin answers null.
 */
export async function activeAssetInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): Promise<{ value: unknown } | undefined> {
  if (body.type !== 'activeAssetData') return undefined;
  const user = readAddress(body.user, 'user');
  const asset = PERP_ASSETS[assetIdByName(readString(body.coin, 'coin'))];
  if (!asset) return { value: null };
  const account = (await accountNow(deps, user, nowMs)) ?? newAccount(user, 0, nowMs);
  const marks = marksAt(deps.seed, nowMs, deps.pins);
  const mark = marks[asset.name]!;
  const coin = asset.name;
  const value = leverageFor(account, coin);
  const position = account.positions[coin];
  const szi = position?.szi ?? 0;
  const available = Math.max(0, accountSummary(account, marks).available);
  const freed = !position
    ? 0
    : isIsolated(position)
      ? Math.max(0, isolatedEquity(position, mark))
      : (Math.abs(szi) * mark) / value;
  const side = (closes: boolean) => {
    const usd = available + (closes ? freed : 0);
    const size = floorTo((usd * value) / mark + (closes ? Math.abs(szi) : 0), asset.szDecimals);
    return { usd, size };
  };
  const buy = side(szi < 0);
  const sell = side(szi > 0);
  return {
    value: {
      user,
      coin,
      leverage: leverageOf(account, coin, value),
      maxTradeSzs: [buy.size, sell.size].map((sz) => formatDecimal(sz, asset.szDecimals)),
      availableToTrade: [formatUsd(buy.usd), formatUsd(sell.usd)],
      markPx: formatDecimal(mark, priceDecimals(asset, mark)),
    },
  };
}

function leverageOf(account: Account, coin: string, value: number) {
  const position = account.positions[coin];
  if (position ? !isIsolated(position) : !isIsolatedMode(account, coin)) {
    return { type: 'cross' as const, value };
  }
  const rawUsd = position ? (position.isolatedMargin ?? 0) - position.szi * position.entryPx : 0;
  return { type: 'isolated' as const, value, rawUsd: formatUsd(rawUsd) };
}
