import { assetIdByName, defaultLeverage, PERP_ASSETS } from '../market/assets.js';
import type { PerpAsset } from '../market/assets.js';
import type { Marks } from '../market/marks.js';
import type { Account } from '../state.js';
import { crossCash, isIsolated, isolatedLiquidationPrice } from './isolated.js';

/**
 * Margin arithmetic. All amounts in USD. Initial margin = notional / leverage;
 * maintenance margin = notional / (2 · maxLeverage). Isolated positions hold their own margin
 * (engine/isolated.ts); the cross account is the rest.
 */

function assetOf(coin: string): PerpAsset {
  const asset = PERP_ASSETS[assetIdByName(coin)];
  if (!asset) throw new Error(`unknown coin ${coin}`);
  return asset;
}

/** The account's leverage for `coin`, cross or isolated (default min(20, maxLeverage)). */
export function leverageFor(account: Account | undefined, coin: string): number {
  return account?.leverage[coin] ?? defaultLeverage(assetOf(coin));
}

/** Maintenance margin rate of an asset: 1 / (2 · maxLeverage). */
export function maintenanceRate(asset: PerpAsset): number {
  return 1 / (2 * asset.maxLeverage);
}

export interface PositionMetrics {
  positionValue: number;
  unrealizedPnl: number;
  /** Cross: notional / leverage at the mark. Isolated: its equity, margin + unrealised PnL. */
  marginUsed: number;
  maintenance: number;
  /** Unrealised PnL over the initial margin of the entry notional. */
  returnOnEquity: number;
}

/** Value, unrealised PnL, initial and maintenance margin (USD) of one position at `mark` (USD). */
export function positionMetrics(account: Account, coin: string, mark: number): PositionMetrics {
  const position = account.positions[coin];
  const szi = position?.szi ?? 0;
  const entryPx = position?.entryPx ?? 0;
  const leverage = leverageFor(account, coin);
  const positionValue = Math.abs(szi) * mark;
  const unrealizedPnl = szi * (mark - entryPx);
  const entryMargin = (Math.abs(szi) * entryPx) / leverage;
  return {
    positionValue,
    unrealizedPnl,
    marginUsed: isIsolated(position)
      ? position.isolatedMargin + unrealizedPnl
      : positionValue / leverage,
    maintenance: positionValue * maintenanceRate(assetOf(coin)),
    returnOnEquity: entryMargin > 0 ? unrealizedPnl / entryMargin : 0,
  };
}

/**
 * Margin an order would add if it filled entirely at `px`: only the part that grows |position|
 * needs margin, so orders that reduce a position need none.
 */
export function orderMarginIncrease(
  account: Account,
  coin: string,
  signedSz: number,
  px: number,
): number {
  const szi = account.positions[coin]?.szi ?? 0;
  const growth = Math.max(0, Math.abs(szi + signedSz) - Math.abs(szi));
  return (growth * px) / leverageFor(account, coin);
}

/** Margin held by the account's resting orders. */
export function openOrderMargin(account: Account): number {
  return account.openOrders
    .filter((order) => !order.reduceOnly)
    .reduce((sum, order) => {
      const signed = order.side === 'B' ? order.sz : -order.sz;
      return sum + orderMarginIncrease(account, order.coin, signed, Number(order.limitPx));
    }, 0);
}

/** Hyperliquid's margin summary: values and margin of a set of positions (USD). */
export interface MarginTotals {
  accountValue: number;
  totalNtlPos: number;
  /** accountValue − Σ szi · mark (Hyperliquid's totalRawUsd). */
  totalRawUsd: number;
  totalMarginUsed: number;
}

export interface AccountSummary extends MarginTotals {
  /** The cross account alone: its cash and cross positions (crossMarginSummary). */
  cross: MarginTotals;
  /** Maintenance margin of the cross positions (crossMaintenanceMarginUsed). */
  maintenance: number;
  /** Margin held by isolated positions, unrealised PnL excluded. */
  isolatedMargin: number;
  orderMargin: number;
  /** What new orders may use: cross account value − cross margin used − orders' margin. */
  available: number;
}

/**
 * Totals of an account at the given marks (USD): the whole account (marginSummary, isolated
 * positions counted at their equity) and the cross account alone (crossMarginSummary).
 */
export function accountSummary(account: Account, marks: Marks): AccountSummary {
  const cash = crossCash(account);
  // Cross positions, then isolated ones (at their equity); plain sums: this runs every sample.
  let crossValue = cash;
  let crossNtl = 0;
  let crossSigned = 0;
  let crossMargin = 0;
  let isolatedValue = 0;
  let isolatedNtl = 0;
  let isolatedSigned = 0;
  let maintenance = 0;
  for (const coin in account.positions) {
    const position = account.positions[coin]!;
    const mark = marks[coin] ?? position.entryPx;
    const metrics = positionMetrics(account, coin, mark);
    if (isIsolated(position)) {
      isolatedValue += metrics.marginUsed;
      isolatedNtl += metrics.positionValue;
      isolatedSigned += position.szi * mark;
    } else {
      crossValue += metrics.unrealizedPnl;
      crossNtl += metrics.positionValue;
      crossSigned += position.szi * mark;
      crossMargin += metrics.marginUsed;
      maintenance += metrics.maintenance;
    }
  }
  const orderMargin = openOrderMargin(account);
  const accountValue = crossValue + isolatedValue;
  return {
    accountValue,
    totalNtlPos: crossNtl + isolatedNtl,
    totalRawUsd: accountValue - crossSigned - isolatedSigned,
    totalMarginUsed: crossMargin + isolatedValue,
    cross: {
      accountValue: crossValue,
      totalNtlPos: crossNtl,
      totalRawUsd: crossValue - crossSigned,
      totalMarginUsed: crossMargin,
    },
    maintenance,
    isolatedMargin: account.usdc - cash,
    orderMargin,
    available: crossValue - crossMargin - orderMargin,
  };
}

/**
 * The mark of `coin` at which the account's value falls to its maintenance margin, other marks
 * held fixed; null when no positive price does it. For a long: p = (e − c/szi) / (1 − m), for a
 * short the same with (1 + m), where c is the equity left after the other positions' upkeep:
 * the cross account's, or for an isolated position its own margin (engine/isolated.ts).
 */
export function liquidationPrice(account: Account, coin: string, marks: Marks): number | null {
  const position = account.positions[coin];
  if (!position || position.szi === 0) return null;
  if (isIsolated(position)) {
    return isolatedLiquidationPrice(position, maintenanceRate(assetOf(coin)));
  }
  let cushion = crossCash(account);
  for (const [other, otherPosition] of Object.entries(account.positions)) {
    if (other === coin || isIsolated(otherPosition)) continue;
    const metrics = positionMetrics(account, other, marks[other] ?? otherPosition.entryPx);
    cushion += metrics.unrealizedPnl - metrics.maintenance;
  }
  const { szi, entryPx } = position;
  const m = maintenanceRate(assetOf(coin));
  const price = (szi * entryPx - cushion) / (szi - Math.abs(szi) * m);
  return Number.isFinite(price) && price > 0 ? price : null;
}
