import type { AccountBalanceRow, Balance, LeverageType } from '@tb/core';
import { formatSignedPercent, formatSignedUsd, formatSize, formatUsdCents } from '@/lib/format';

/*
 * The trading page's own helpers; numbers and money come from '@/lib/format' (the one module
 * every screen uses).
 */

/** Unrealized P/L in dollars and percent: '+$2,125.25 (+35.42%)'. */
export function formatPnl(pnlUsd: number, pnlPct: number): string {
  return `${formatSignedUsd(pnlUsd)} (${formatSignedPercent(pnlPct)})`;
}

/**
 * An amount of a coin in the account table: USDC is money ('$9,999.61', not '9999.612407'),
 * other coins keep their exact size.
 */
export function formatCoinAmount(coin: string, amount: number): string {
  return coin === 'USDC' ? formatUsdCents(amount) : formatSize(amount);
}

/**
 * The account table rows (SPEC.md section 3) from the unified balance: one per coin, available
 * = free, and the USDC value (1:1 for USDC; the account's value when it holds one coin only;
 * unknown otherwise).
 */
export function balanceRows(balance: Balance): AccountBalanceRow[] {
  const coins = [
    ...new Set([
      ...Object.keys(balance.total),
      ...Object.keys(balance.free),
      ...Object.keys(balance.used),
    ]),
  ];
  return coins.map((coin) => {
    const totalBalance = balance.total[coin] ?? 0;
    let usdcValue = Number.NaN;
    if (coin === 'USDC') usdcValue = totalBalance;
    else if (coins.length === 1) usdcValue = balance.info.usdcValue;
    return {
      coin,
      totalBalance,
      availableBalance: balance.free[coin] ?? totalBalance - (balance.used[coin] ?? 0),
      usdcValue,
    };
  });
}

/** Margin in use, in USDC. */
export function marginUsed(balance: Balance): number {
  return balance.used.USDC ?? 0;
}

/** A leverage and its margin mode as the exchange shows them: '20x cross', '5x isolated'. */
export function formatLeverage(leverage: number, type: LeverageType): string {
  return `${leverage}x ${type}`;
}
