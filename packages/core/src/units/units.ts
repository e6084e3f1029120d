import { z } from 'zod';

/**
 * Units of the journal (DESIGN.md section 7), branded so the compiler keeps them apart: a
 * price difference per unit can no longer be added to dollars. A brand is a type only; at run
 * time these are plain numbers. Make one with {@link usd}, {@link price} or {@link rMultiple}
 * after the maths that gives it its meaning.
 */

/** US dollars (money: sizes, risk, P/L). */
export type Usd = number & z.$brand<'Usd'>;
/** A price: US dollars per unit of the asset. */
export type Price = number & z.$brand<'Price'>;
/** A result as a multiple of the risk taken (-1 at the stop, +planned R/R at the target). */
export type RMultiple = number & z.$brand<'RMultiple'>;

/** Decimals kept in money: micro-dollars, so sums of numeric(…) values stay exact. */
export const USD_DECIMALS = 6;
/** Decimals kept in an R-multiple. */
export const R_DECIMALS = 4;

/** Micro-dollars per dollar: sums are exact in whole micro-dollars. */
export const USD_SCALE = 10 ** USD_DECIMALS;
/** Ten-thousandths of R per R: sums are exact in whole units. */
export const R_SCALE = 10 ** R_DECIMALS;

/** Rounds half away from zero on `scale`, without a negative zero. */
function roundOn(value: number, scale: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Dollars rounded to micro-dollars (6 decimals).
 * @throws RangeError when `value` is not finite (a programmer error: validate input first).
 */
export function usd(value: number): Usd {
  if (!Number.isFinite(value)) throw new RangeError(`an amount must be finite, got ${value}`);
  return roundOn(value, USD_SCALE) as Usd;
}

/**
 * A price in dollars per unit, unchanged.
 * @throws RangeError when `value` is not finite.
 */
export function price(value: number): Price {
  if (!Number.isFinite(value)) throw new RangeError(`a price must be finite, got ${value}`);
  return value as Price;
}

/**
 * An R-multiple rounded to 4 decimals.
 * @throws RangeError when `value` is not finite.
 */
export function rMultiple(value: number): RMultiple {
  if (!Number.isFinite(value)) throw new RangeError(`an R-multiple must be finite, got ${value}`);
  return roundOn(value, R_SCALE) as RMultiple;
}

/**
 * The exact sum of dollar amounts: added as whole micro-dollars, so 0.1 + 0.2 is 0.3 and a
 * thousand trades add up to what a decimal database sum gives (exact while the total stays
 * under 9 billion dollars, far beyond any journal).
 */
export function sumUsd(amounts: Iterable<number>): Usd {
  let micros = 0;
  for (const amount of amounts) micros += Math.round(amount * USD_SCALE);
  return usd(micros / USD_SCALE);
}

/** The exact sum of R-multiples (whole ten-thousandths of R). */
export function sumR(values: Iterable<number>): RMultiple {
  let units = 0;
  for (const value of values) units += Math.round(value * R_SCALE);
  return rMultiple(units / R_SCALE);
}

/** zod: a finite number read as dollars (responses; requests add their own bounds). */
export const UsdSchema = z.number().brand<'Usd'>();
/** zod: a finite number read as a price in dollars per unit. */
export const PriceSchema = z.number().brand<'Price'>();
/** zod: a finite number read as an R-multiple. */
export const RMultipleSchema = z.number().brand<'RMultiple'>();
