import { BadRequestError } from '../errors.js';
import { normalizeDecimal } from '../util/decimal.js';
import {
  readAddress,
  readArray,
  readBool,
  readObject,
  readOptionalUint,
  readString,
  readUint,
} from '../util/read.js';
import type { Json } from '../util/read.js';
import { readCloid, readOrderWire } from './canonical.js';
import type { OrderWire } from './canonical.js';

/**
 * The L1 actions beyond placing and cancelling (canonical.ts): order edits, the dead man's
 * switch, and the actions the paper exchange verifies and then refuses. Each is rebuilt in
 * the key order Hyperliquid serialises it in (the @nktkas/hyperliquid schemas' order), so a
 * client that signed another order recovers another signer, as on the real exchange.
 */

/** An order to edit: by oid, or by its client order id. */
export type OrderRef = number | string;

export interface ModifyWire {
  oid: OrderRef;
  order: OrderWire;
}

export interface ModifyAction {
  type: 'modify';
  oid: OrderRef;
  order: OrderWire;
  /** Place the new order even when the old one could not be canceled. */
  a?: true;
}

export interface BatchModifyAction {
  type: 'batchModify';
  modifies: ModifyWire[];
  a?: true;
}

/** The dead man's switch: cancel every open order at `time`; no `time` clears it. */
export interface ScheduleCancelAction {
  type: 'scheduleCancel';
  time?: number;
}

/** A field of a refused action: how its value is read back into canonical form. */
type FieldKind = 'uint' | 'bool' | 'string' | 'decimal' | 'address' | FieldSpec;
type FieldSpec = readonly (readonly [name: string, kind: FieldKind, optional?: 'optional'])[];

interface RefusedSpec {
  fields: FieldSpec;
  /** Why the paper exchange does not do it; the whole answer is `{status:"err", response}`. */
  reason: string;
}

const NO_VAULTS = 'Vaults are not supported by the paper exchange; nothing was moved.';
const NO_SUB_ACCOUNTS = 'Sub-accounts are not supported by the paper exchange; nothing was moved.';
const NO_REFERRALS =
  'The paper exchange has no referral program: referral codes cannot be set or registered.';
const ONE_MODE = 'The paper exchange has one account mode, the standard one: it cannot be changed.';

/**
 * L1 actions the paper exchange verifies, then refuses with a reason (DESIGN.md section 12),
 * with their fields in Hyperliquid's order. `updateIsolatedMargin` and
 * `topUpIsolatedOnlyMargin` belong with isolated margin, not here.
 */
const REFUSED_L1: Record<string, RefusedSpec> = {
  twapOrder: {
    fields: [
      [
        'twap',
        [
          ['a', 'uint'],
          ['b', 'bool'],
          ['s', 'decimal'],
          ['r', 'bool'],
          ['m', 'uint'],
          ['t', 'bool'],
        ],
      ],
    ],
    reason:
      'TWAP orders are not supported by the paper exchange: place limit or market orders instead.',
  },
  twapCancel: {
    fields: [
      ['a', 'uint'],
      ['t', 'uint'],
    ],
    reason: 'TWAP was never placed, already canceled, or filled.',
  },
  setReferrer: { fields: [['code', 'string']], reason: NO_REFERRALS },
  registerReferrer: { fields: [['code', 'string']], reason: NO_REFERRALS },
  vaultTransfer: {
    fields: [
      ['vaultAddress', 'address'],
      ['isDeposit', 'bool'],
      ['usd', 'uint'],
    ],
    reason: NO_VAULTS,
  },
  createVault: {
    fields: [
      ['name', 'string'],
      ['description', 'string'],
      ['initialUsd', 'uint'],
      ['nonce', 'uint'],
    ],
    reason: NO_VAULTS,
  },
  vaultModify: {
    fields: [
      ['vaultAddress', 'address'],
      ['allowDeposits', 'bool'],
      ['alwaysCloseOnWithdraw', 'bool'],
    ],
    reason: NO_VAULTS,
  },
  vaultDistribute: {
    fields: [
      ['vaultAddress', 'address'],
      ['usd', 'uint'],
    ],
    reason: NO_VAULTS,
  },
  createSubAccount: { fields: [['name', 'string']], reason: NO_SUB_ACCOUNTS },
  subAccountModify: {
    fields: [
      ['subAccountUser', 'address'],
      ['name', 'string'],
    ],
    reason: NO_SUB_ACCOUNTS,
  },
  subAccountTransfer: {
    fields: [
      ['subAccountUser', 'address'],
      ['isDeposit', 'bool'],
      ['usd', 'uint'],
    ],
    reason: NO_SUB_ACCOUNTS,
  },
  subAccountSpotTransfer: {
    fields: [
      ['subAccountUser', 'address'],
      ['isDeposit', 'bool'],
      ['token', 'string'],
      ['amount', 'decimal'],
    ],
    reason: NO_SUB_ACCOUNTS,
  },
  agentSendAsset: {
    fields: [
      ['destination', 'address'],
      ['sourceDex', 'string'],
      ['destinationDex', 'string'],
      ['token', 'string'],
      ['amount', 'decimal'],
      ['fromSubAccount', 'string', 'optional'],
      ['nonce', 'uint'],
    ],
    reason:
      'Paper USDC stays in its perp account: the paper exchange has no spot account, other dexes or sub-accounts to send it to; nothing was moved.',
  },
  setDisplayName: {
    fields: [['displayName', 'string']],
    reason: 'Display names are not supported by the paper exchange.',
  },
  reserveRequestWeight: {
    fields: [
      ['weight', 'uint'],
      ['destination', 'address', 'optional'],
    ],
    reason:
      'The paper exchange does not sell request weight: it caps requests per IP address, not per account; nothing was charged.',
  },
  claimRewards: { fields: [], reason: 'The paper exchange has no rewards to claim.' },
  evmUserModify: {
    fields: [['usingBigBlocks', 'bool']],
    reason: 'The paper exchange has no HyperEVM.',
  },
  agentSetAbstraction: { fields: [['abstraction', 'string']], reason: ONE_MODE },
  agentEnableDexAbstraction: { fields: [], reason: ONE_MODE },
};

/** A refused L1 action in canonical form (what is hashed); its reason is `refusalReason`. */
export type RefusedL1Action = { type: string } & Json;

export type MoreL1Action =
  ModifyAction | BatchModifyAction | ScheduleCancelAction | RefusedL1Action;

function readDecimal(value: unknown, name: string): string {
  const canonical = normalizeDecimal(readString(value, name));
  if (canonical === null) throw new BadRequestError(`${name} must be a decimal string`);
  return canonical;
}

function readField(value: unknown, kind: FieldKind, name: string): unknown {
  switch (kind) {
    case 'uint':
      return readUint(value, name);
    case 'bool':
      return readBool(value, name);
    case 'string':
      return readString(value, name);
    case 'decimal':
      return readDecimal(value, name);
    case 'address':
      return readAddress(value, name);
    default:
      return readFields(readObject(value, name), kind);
  }
}

function readFields(raw: Json, spec: FieldSpec): Json {
  const out: Json = {};
  for (const [name, kind, optional] of spec) {
    const value = raw[name];
    if (optional && (value === undefined || value === null)) continue;
    out[name] = readField(value, kind, name);
  }
  return out;
}

function readOrderRef(value: unknown): OrderRef {
  return typeof value === 'string' && value.startsWith('0x')
    ? readCloid(value, 'oid')
    : readUint(typeof value === 'string' ? Number(value) : value, 'oid');
}

function readModify(value: unknown): ModifyWire {
  const raw = readObject(value, 'modify');
  return { oid: readOrderRef(raw.oid), order: readOrderWire(raw.order) };
}

/** `a: true` ("always place") when sent; any other value is malformed. */
function withAlwaysPlace<T extends object>(action: T, raw: Json): T & { a?: true } {
  if (raw.a === undefined || raw.a === null) return action;
  if (raw.a !== true) throw new BadRequestError('a must be true when present');
  return { ...action, a: true };
}

/** Whether `type` is an action this file reads. */
export function isMoreL1Type(type: unknown): boolean {
  return (
    type === 'modify' ||
    type === 'batchModify' ||
    type === 'scheduleCancel' ||
    (typeof type === 'string' && Object.hasOwn(REFUSED_L1, type))
  );
}

/**
 * Rebuilds one of this file's actions in canonical form, or returns undefined for another
 * type (canonical.ts reads those). Throws BadRequestError (422) for a malformed one.
 */
export function canonicalMoreL1Action(value: unknown): MoreL1Action | undefined {
  const raw = readObject(value, 'action');
  if (!isMoreL1Type(raw.type)) return undefined;
  switch (raw.type) {
    case 'modify': {
      const modify = readModify(raw);
      return withAlwaysPlace({ type: 'modify' as const, ...modify }, raw);
    }
    case 'batchModify': {
      const modifies = readArray(raw.modifies, 'modifies').map(readModify);
      return withAlwaysPlace({ type: 'batchModify' as const, modifies }, raw);
    }
    case 'scheduleCancel': {
      const time = readOptionalUint(raw.time, 'time');
      return time === undefined ? { type: 'scheduleCancel' } : { type: 'scheduleCancel', time };
    }
    default: {
      const type = String(raw.type);
      return { type, ...readFields(raw, REFUSED_L1[type]!.fields) };
    }
  }
}

/** Why a refused action is refused, or undefined when the paper exchange does it. */
export function refusalReason(action: MoreL1Action): string | undefined {
  return Object.hasOwn(REFUSED_L1, action.type) ? REFUSED_L1[action.type]!.reason : undefined;
}
