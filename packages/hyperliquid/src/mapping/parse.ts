import { ExchangeError, INVALID_RESPONSE_MESSAGE } from '../errors.js';

/** The unified symbol of a Hyperliquid perp coin: 'BTC' → 'BTC-USD'. */
export const symbolOf = (coin: string): string => `${coin}-USD`;

/** Hyperliquid's side letters: 'B' bid (buy), 'A' ask (sell). */
export function sideOf(side: unknown): 'buy' | 'sell' {
  if (side === 'B') return 'buy';
  if (side === 'A') return 'sell';
  throw invalid(`side ${String(side)}`);
}

function invalid(what: string): ExchangeError {
  return new ExchangeError('invalid-response', INVALID_RESPONSE_MESSAGE, {
    cause: new Error(`Unexpected ${what}`),
  });
}

/** A decimal string (or number) of an answer as a finite number; else 'invalid-response'. */
export function decimal(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(`number ${String(value)}`);
  return n;
}

/** A nullable decimal: null and undefined stay null. */
export const optionalDecimal = (value: unknown): number | null =>
  value === null || value === undefined ? null : decimal(value);

/** An array of an answer; else 'invalid-response'. */
export function list<T>(value: readonly T[] | null | undefined): T[];
export function list<T>(value: unknown): T[];
export function list<T>(value: unknown): T[] {
  if (!Array.isArray(value)) throw invalid('answer (expected a list)');
  return value as T[];
}

/** An object of an answer; else 'invalid-response'. */
export function record<T extends object>(value: T | null | undefined): T;
export function record<T extends object>(value: unknown): T;
export function record<T extends object>(value: unknown): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('answer (expected an object)');
  }
  return value as T;
}

/** Rounds away float noise of a difference of decimals (0.3 − 0.1 = 0.19999999999999998). */
export const clean = (n: number): number => Number(n.toPrecision(12));
