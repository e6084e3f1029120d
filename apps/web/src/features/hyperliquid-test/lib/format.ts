import {
  formatDisplayNumber,
  formatSignedUsd,
  roundTo,
  type AccountBalanceRow,
  type Balance,
  type LeverageType,
} from '@tb/core';

/** A price or amount as the product shows it (SPEC.md section 9 decimals). */
export const formatNumber = formatDisplayNumber;

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * An amount of money (balance, margin, order value, cost) in dollars and cents: 10000.123 →
 * '$10,000.12', -3.456 → '-$3.46'. Prices keep SPEC.md's display decimals ({@link formatNumber}).
 */
export function formatUsd(amountUsd: number): string {
  return Number.isFinite(amountUsd) ? usdFormat.format(amountUsd) : '—';
}

/**
 * A size in coin units, exact to 8 decimals: a size is what a close order must match, so it is
 * not rounded to the display decimals of prices (0.00012 BTC stays 0.00012).
 */
export function formatSize(size: number): string {
  return Number.isFinite(size) ? String(roundTo(size, 8)) : '—';
}

/** Unrealized P/L in dollars and percent: '+$12.50 (+4.20%)'. */
export function formatPnl(pnlUsd: number, pnlPct: number): string {
  const pct = Number.isFinite(pnlPct) ? `${pnlPct > 0 ? '+' : ''}${pnlPct.toFixed(2)}%` : '—';
  return `${formatSignedUsd(pnlUsd)} (${pct})`;
}

/** 'up', 'down' or 'flat': the colour of a signed amount (the sign is also in the text). */
export function trend(value: number): 'up' | 'down' | 'flat' {
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });
const clockFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** Epoch milliseconds as local date and time, apart so a narrow column can stack them. */
export function formatTime(ms: number): { date: string; time: string; iso: string } | null {
  if (!Number.isFinite(ms)) return null;
  return {
    date: dateFormat.format(ms),
    time: clockFormat.format(ms),
    iso: new Date(ms).toISOString(),
  };
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
