import { BadRequestError } from '../errors.js';
import { normalizeDecimal } from '../util/decimal.js';
import {
  readArray,
  readBool,
  readEnum,
  readInt,
  readObject,
  readString,
  readUint,
} from '../util/read.js';

/**
 * The L1 actions the paper exchange understands, rebuilt in the key order Hyperliquid's own
 * typed structs serialise in. Hashing this rebuilt form (not the bytes the client sent) is what
 * makes a client that signed another key order, or "100.0" instead of "100", recover a
 * different, unknown signer, exactly as on the real exchange.
 */

export type Tif = 'Gtc' | 'Ioc' | 'Alo' | 'FrontendMarket';

export type OrderType =
  | { limit: { tif: Tif } }
  | { trigger: { isMarket: boolean; triggerPx: string; tpsl: 'tp' | 'sl' } };

export interface OrderWire {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t: OrderType;
  c?: string;
}

export interface OrderAction {
  type: 'order';
  orders: OrderWire[];
  grouping: 'na' | 'normalTpsl' | 'positionTpsl';
  builder?: { b: string; f: number };
}
export interface CancelAction {
  type: 'cancel';
  cancels: { a: number; o: number }[];
}
export interface CancelByCloidAction {
  type: 'cancelByCloid';
  cancels: { asset: number; cloid: string }[];
}
export interface UpdateLeverageAction {
  type: 'updateLeverage';
  asset: number;
  isCross: boolean;
  leverage: number;
}
/** Adds (ntli > 0) or removes margin of an isolated position, in micro-dollars (1e6 = $1). */
export interface UpdateIsolatedMarginAction {
  type: 'updateIsolatedMargin';
  asset: number;
  isBuy: boolean;
  ntli: number;
}
/** The signing test vectors' action; verified, then answered like a no-op. */
export interface DummyAction {
  type: 'dummy';
  num: number;
}
export interface NoopAction {
  type: 'noop';
}

export type L1Action =
  | OrderAction
  | CancelAction
  | CancelByCloidAction
  | UpdateLeverageAction
  | UpdateIsolatedMarginAction
  | DummyAction
  | NoopAction;

/** A decimal string in canonical form; numbers and exponents are not accepted. */
function readDecimal(value: unknown, name: string): string {
  const canonical = normalizeDecimal(readString(value, name));
  if (canonical === null) throw new BadRequestError(`${name} must be a decimal string`);
  return canonical;
}

/** A 16-byte client order id, lowercased as the exchange re-serialises it. */
export function readCloid(value: unknown, name: string): string {
  const text = readString(value, name);
  if (!/^0x[0-9a-fA-F]{32}$/.test(text)) throw new BadRequestError(`${name} must be 16 hex bytes`);
  return text.toLowerCase();
}

function readOrderType(value: unknown): OrderType {
  const t = readObject(value, 'order.t');
  if (t.limit !== undefined) {
    const limit = readObject(t.limit, 't.limit');
    return { limit: { tif: readEnum(limit.tif, ['Gtc', 'Ioc', 'Alo', 'FrontendMarket'], 'tif') } };
  }
  const trigger = readObject(t.trigger, 't.trigger');
  return {
    trigger: {
      isMarket: readBool(trigger.isMarket, 'isMarket'),
      triggerPx: readDecimal(trigger.triggerPx, 'triggerPx'),
      tpsl: readEnum(trigger.tpsl, ['tp', 'sl'], 'tpsl'),
    },
  };
}

/** One order of an `order` action (also the new order of a modify), in canonical form. */
export function readOrderWire(value: unknown): OrderWire {
  const o = readObject(value, 'order');
  const order: OrderWire = {
    a: readUint(o.a, 'a'),
    b: readBool(o.b, 'b'),
    p: readDecimal(o.p, 'p'),
    s: readDecimal(o.s, 's'),
    r: readBool(o.r, 'r'),
    t: readOrderType(o.t),
  };
  if (o.c !== undefined && o.c !== null) order.c = readCloid(o.c, 'c');
  return order;
}

function readOrderAction(raw: Record<string, unknown>): OrderAction {
  const action: OrderAction = {
    type: 'order',
    orders: readArray(raw.orders, 'orders').map(readOrderWire),
    grouping: readEnum(raw.grouping, ['na', 'normalTpsl', 'positionTpsl'], 'grouping'),
  };
  if (raw.builder !== undefined && raw.builder !== null) {
    const builder = readObject(raw.builder, 'builder');
    const b = readString(builder.b, 'builder.b').toLowerCase();
    action.builder = { b, f: readUint(builder.f, 'builder.f') };
  }
  return action;
}

/** Rebuilds a received L1 action in canonical form; throws BadRequestError (422) otherwise. */
export function canonicalL1Action(value: unknown): L1Action {
  const raw = readObject(value, 'action');
  switch (raw.type) {
    case 'order':
      return readOrderAction(raw);
    case 'cancel':
      return {
        type: 'cancel',
        cancels: readArray(raw.cancels, 'cancels').map((item) => {
          const c = readObject(item, 'cancel');
          return { a: readUint(c.a, 'a'), o: readUint(c.o, 'o') };
        }),
      };
    case 'cancelByCloid':
      return {
        type: 'cancelByCloid',
        cancels: readArray(raw.cancels, 'cancels').map((item) => {
          const c = readObject(item, 'cancel');
          return { asset: readUint(c.asset, 'asset'), cloid: readCloid(c.cloid, 'cloid') };
        }),
      };
    case 'updateLeverage':
      return {
        type: 'updateLeverage',
        asset: readUint(raw.asset, 'asset'),
        isCross: readBool(raw.isCross, 'isCross'),
        leverage: readUint(raw.leverage, 'leverage'),
      };
    case 'updateIsolatedMargin':
      return {
        type: 'updateIsolatedMargin',
        asset: readUint(raw.asset, 'asset'),
        isBuy: readBool(raw.isBuy, 'isBuy'),
        ntli: readInt(raw.ntli, 'ntli'),
      };
    case 'dummy':
      return { type: 'dummy', num: readUint(raw.num, 'num') };
    case 'noop':
      return { type: 'noop' };
    default:
      throw new BadRequestError(`unknown action type ${String(raw.type)}`);
  }
}
