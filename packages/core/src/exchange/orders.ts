import { roundTo } from '../format/round.js';
import { fail, ok, type Result } from '../result.js';
import { MAX_AMOUNT } from '../schemas/common.js';
import { parsePrice, type PriceInput } from '../trade/levels.js';
import { orderMessages as m } from './messages.js';
import { normalizeOrderSymbol, priceSymbol } from './symbols.js';

/** Size input rules: min and step 0.001 (SPEC.md section 5). */
export const ORDER_SIZE_STEP = 0.001;
/**
 * Limit price input rules: min and step 0.000001. SPEC.md section 5 says 0.00001, but a
 * Hyperliquid perp price may have 6 − szDecimals decimals: a coin with szDecimals 0 trades at
 * prices like 0.012345, which the form must take as typed (issue 26).
 */
export const ORDER_PRICE_STEP = 0.000001;
/** Order sides and types (SPEC.md section 4). */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** An order as typed in the form or sent to POST /api/exchange/order. */
export interface OrderInput {
  symbol?: string | null;
  side?: string | null;
  /** Units of the coin. */
  size?: PriceInput;
  /** Dollars per unit; required for limit orders. */
  price?: PriceInput;
  /** Defaults to 'limit', so a missing type never sends a market order by accident. */
  orderType?: string | null;
  reduceOnly?: boolean | null;
}

/** An order that passed {@link validateOrder}. */
export interface ValidOrder {
  /** Normalized: 'BTC' → 'BTC-USD'. */
  symbol: string;
  side: OrderSide;
  size: number;
  /** Null for a market order sent without a reference price. */
  price: number | null;
  orderType: OrderType;
  reduceOnly: boolean;
}

/** Decimal places of a step written like 0.001 or 1e-7. */
function decimalPlaces(step: number): number {
  const [mantissa = '', exponent = '0'] = String(step).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * Whether `value` is a whole multiple of `step`, judged on decimal digits (64250.5 is on the
 * 0.00001 step although 64250.5 / 0.00001 is not an exact binary integer).
 */
export function isMultipleOfStep(value: number, step: number): boolean {
  const decimals = decimalPlaces(step);
  if (roundTo(value, decimals) !== value) return false;
  const scale = 10 ** decimals;
  return Math.round(value * scale) % Math.round(step * scale) === 0;
}

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A size or price: a number from `step` to {@link MAX_AMOUNT} in steps of `step`. The upper
 * bound is the one of every amount (issue 29): a limit buy at 1e21 filled at the market, and
 * 1e308 was refused as 'not a multiple of the step'.
 */
function checkAmount(
  raw: PriceInput,
  step: number,
  messages: { nan: string; min: string; step: string; max: string },
): string | null {
  const value = parsePrice(raw);
  if (value === null) {
    const typed = typeof raw === 'string' ? Number(raw.trim()) : Number(raw);
    return Number.isFinite(typed) && typed < 0 ? messages.min : messages.nan;
  }
  if (value < step) return messages.min;
  if (value > MAX_AMOUNT) return messages.max;
  return isMultipleOfStep(value, step) ? null : messages.step;
}

/**
 * The order rules of SPEC.md section 5: symbol, side and size are required; a limit order
 * needs a price; size at least 0.001 in steps of 0.001; price at least 0.000001 in steps of
 * 0.000001 (checked for market orders too when one is given); the symbol gets '-USD' when it
 * has no '-'. Refuses with `VALIDATION_ERROR` naming the field.
 */
export function validateOrder(input: OrderInput): Result<ValidOrder, 'VALIDATION_ERROR'> {
  const missing = (['symbol', 'side', 'size'] as const).find((f) => isBlank(input[f]));
  if (missing) return fail('VALIDATION_ERROR', m.required, missing);
  const symbol = normalizeOrderSymbol(input.symbol as string);
  if (!symbol) return fail('VALIDATION_ERROR', m.symbolInvalid, 'symbol');
  const side = input.side as string;
  if (!(ORDER_SIDES as readonly string[]).includes(side))
    return fail('VALIDATION_ERROR', m.sideInvalid, 'side');
  const orderType = isBlank(input.orderType) ? 'limit' : (input.orderType as string);
  if (!(ORDER_TYPES as readonly string[]).includes(orderType)) {
    return fail('VALIDATION_ERROR', m.orderTypeInvalid, 'orderType');
  }
  const sizeError = checkAmount(input.size, ORDER_SIZE_STEP, {
    nan: m.sizeNotNumber,
    min: m.sizeMin,
    step: m.sizeStep,
    max: m.sizeMax,
  });
  if (sizeError) return fail('VALIDATION_ERROR', sizeError, 'size');
  const hasPrice = !isBlank(input.price);
  if (orderType === 'limit' && !hasPrice) return fail('VALIDATION_ERROR', m.priceRequired, 'price');
  if (hasPrice) {
    const priceError = checkAmount(input.price, ORDER_PRICE_STEP, {
      nan: m.priceNotNumber,
      min: m.priceMin,
      step: m.priceStep,
      max: m.priceMax,
    });
    if (priceError) return fail('VALIDATION_ERROR', priceError, 'price');
  }
  return ok({
    symbol,
    side: side as OrderSide,
    size: parsePrice(input.size) as number,
    price: hasPrice ? parsePrice(input.price) : null,
    orderType: orderType as OrderType,
    reduceOnly: input.reduceOnly === true,
  });
}

function wholeNumber(value: unknown, min: number): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min ? n : null;
}

/**
 * Cancel needs an order id (> 0) and an asset id (>= 0), as numbers or digit strings:
 * 'Order ID and asset ID are required' when either is missing.
 */
export function validateCancelOrder(input: {
  orderId?: unknown;
  assetId?: unknown;
}): Result<{ orderId: number; assetId: number }, 'VALIDATION_ERROR'> {
  if (isBlank(input.orderId) || isBlank(input.assetId))
    return fail('VALIDATION_ERROR', m.cancelRequired);
  const orderId = wholeNumber(input.orderId, 1);
  const assetId = wholeNumber(input.assetId, 0);
  if (orderId === null || assetId === null) return fail('VALIDATION_ERROR', m.cancelNotNumbers);
  return ok({ orderId, assetId });
}

/** A price lookup needs a symbol ('Symbol is required'); the value is the '-USD' symbol. */
export function validatePriceLookup(
  symbol: string | null | undefined,
): Result<string, 'VALIDATION_ERROR'> {
  if (isBlank(symbol)) return fail('VALIDATION_ERROR', m.symbolRequired, 'symbol');
  const reduced = priceSymbol(symbol as string);
  return reduced ? ok(reduced) : fail('VALIDATION_ERROR', m.symbolInvalid, 'symbol');
}
