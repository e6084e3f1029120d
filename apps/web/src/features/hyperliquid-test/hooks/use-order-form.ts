import { useQuery } from '@tanstack/react-query';
import {
  roundTo,
  validateOrder,
  validatePriceLookup,
  type OrderRequest,
  type OrderSide,
  type OrderType,
} from '@tb/core';
import { useState } from 'react';
import { exchangeMessages, priceQueryOptions } from '@/features/exchange';
import { errorMessage } from '@/lib/api-error';
import { useOrderLeverage } from './use-order-leverage';
import type { TradingActions } from './use-trading-actions';

/** Hyperliquid refuses orders worth less than this, in dollars. */
export const MIN_ORDER_VALUE_USD = 10;
export const DEFAULT_ORDER_SYMBOL = 'BTC-USD';
/** Decimals of ORDER_PRICE_STEP (0.000001). */
const PRICE_STEP_DECIMALS = 6;

/** size × price in dollars, or null while either is missing. */
export function orderValue(size: string, price: string | number | null): number | null {
  const value = Number(size) * Number(price);
  return size.trim() !== '' && price !== null && price !== '' && Number.isFinite(value) && value > 0
    ? value
    : null;
}

/**
 * State of the order form. The limit price starts as the symbol's current price and follows
 * it until the trader types one; changing the symbol starts over from its price. The leverage
 * is sent before an order that opens or adds (useOrderLeverage) when the exchange does not
 * already apply it; a reduce-only order takes no margin, so it goes without.
 */
export function useOrderForm(
  actions: TradingActions,
  lockReason: string | null = null,
  connectionId: string | null = null,
) {
  const [symbol, setSymbolState] = useState(DEFAULT_ORDER_SYMBOL);
  const [side, setSide] = useState<OrderSide>('buy');
  const [orderType, setOrderType] = useState<OrderType>('limit');
  const [size, setSize] = useState('');
  const [typedPrice, setTypedPrice] = useState<string | null>(null);
  const [reduceOnly, setReduceOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const lookup = validatePriceLookup(symbol);
  const priceSymbol = lookup.ok ? lookup.value : null;
  const priceQuery = useQuery({
    ...priceQueryOptions(priceSymbol ?? ''),
    enabled: priceSymbol !== null,
  });
  const livePrice = priceQuery.data?.price ?? null;
  // Prefilled to the price step's 6 decimals: a coin at 0.0123455 is not cut to 0.01235.
  const price =
    typedPrice ?? (livePrice === null ? '' : String(roundTo(livePrice, PRICE_STEP_DECIMALS)));
  const priceError =
    priceSymbol && priceQuery.isError
      ? errorMessage(priceQuery.error, exchangeMessages.priceFor(priceSymbol))
      : null;
  const isLimit = orderType === 'limit';
  const leverage = useOrderLeverage(symbol, connectionId, actions);
  const notional = orderValue(size, isLimit ? price : livePrice);

  const setSymbol = (value: string) => {
    setSymbolState(value);
    setTypedPrice(null);
    setError(null);
  };

  const submit = () => {
    // The session ended: only orders that reduce a position go (the server refuses the rest).
    if (lockReason !== null && !reduceOnly) return setError(lockReason);
    const result = validateOrder({
      symbol,
      side,
      size,
      price: isLimit ? price : null,
      orderType,
      reduceOnly,
    });
    if (!result.ok) return setError(result.message);
    if (!reduceOnly && leverage.error !== null) return setError(leverage.error);
    setError(null);
    const { price: orderPrice, ...rest } = result.value;
    const order: OrderRequest = orderPrice === null ? rest : { ...rest, price: orderPrice };
    const onPlaced = () => {
      setSize('');
      setTypedPrice(null);
    };
    actions.placeOrder(order, onPlaced, reduceOnly ? null : leverage.pending);
  };

  // A refusal speaks of what was sent: once a field changes it no longer applies.
  const edits =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  return {
    symbol,
    setSymbol,
    side,
    setSide: edits(setSide),
    orderType,
    setOrderType: edits(setOrderType),
    size,
    setSize: edits(setSize),
    price,
    setPrice: edits(setTypedPrice),
    reduceOnly,
    setReduceOnly: edits(setReduceOnly),
    isLimit,
    livePrice,
    priceError,
    notional,
    leverage,
    margin: leverage.marginFor(notional),
    error,
    submit,
  };
}
