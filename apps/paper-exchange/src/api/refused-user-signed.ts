import { BadRequestError } from '../errors.js';
import { recoverSigner } from '../signing/recover.js';
import type { TypedField, TypedValue } from '../signing/typed-data.js';
import { userSignedDigest } from '../signing/user-signed.js';
import type { PaperReply } from '../types.js';
import { readAddress, readBool, readEnum, readString, readUint } from '../util/read.js';
import { accountTransaction } from './context.js';
import type { ExchangeDeps } from './context.js';
import { consumeNonce } from './envelope.js';
import type { Envelope } from './envelope.js';
import { exchangeError } from './reply.js';

/**
 * User-signed actions the paper exchange cannot honour (money leaving the account, builder
 * fees, staking, account modes): verified as Hyperliquid verifies them (EIP-712
 * `HyperliquidTransaction:<Name>`, the signer is the user, `hyperliquidChain` must be
 * Testnet), the nonce used, then refused with `{status:"err", response:<reason>}`. Nothing
 * moves. The EIP-712 fields are the ones Hyperliquid's SDKs sign, in their order.
 */

interface UserSignedSpec {
  /** The primary type's name after `HyperliquidTransaction:`. */
  name: string;
  /** The fields after `hyperliquidChain`. */
  fields: TypedField[];
  /** The field that carries the nonce (`time` or `nonce`). */
  nonceField: 'time' | 'nonce';
  reason: string;
}

const field = (name: string, type: TypedField['type']): TypedField => ({ name, type });
const NOT_MOVED =
  'Paper USDC exists only on the paper exchange: it cannot be withdrawn, sent or transferred; nothing was moved.';
const NO_STAKING = 'The paper exchange has no staking.';
const ONE_MODE = 'The paper exchange has one account mode, the standard one: it cannot be changed.';

const REFUSED_USER_SIGNED: Record<string, UserSignedSpec> = {
  withdraw3: {
    name: 'Withdraw',
    fields: [field('destination', 'string'), field('amount', 'string'), field('time', 'uint64')],
    nonceField: 'time',
    reason: NOT_MOVED,
  },
  usdSend: {
    name: 'UsdSend',
    fields: [field('destination', 'string'), field('amount', 'string'), field('time', 'uint64')],
    nonceField: 'time',
    reason: NOT_MOVED,
  },
  spotSend: {
    name: 'SpotSend',
    fields: [
      field('destination', 'string'),
      field('token', 'string'),
      field('amount', 'string'),
      field('time', 'uint64'),
    ],
    nonceField: 'time',
    reason: NOT_MOVED,
  },
  usdClassTransfer: {
    name: 'UsdClassTransfer',
    fields: [field('amount', 'string'), field('toPerp', 'bool'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: `The paper exchange has no spot account: USDC stays in the perp account. ${NOT_MOVED}`,
  },
  sendAsset: {
    name: 'SendAsset',
    fields: [
      field('destination', 'string'),
      field('sourceDex', 'string'),
      field('destinationDex', 'string'),
      field('token', 'string'),
      field('amount', 'string'),
      field('fromSubAccount', 'string'),
      field('nonce', 'uint64'),
    ],
    nonceField: 'nonce',
    reason: NOT_MOVED,
  },
  approveBuilderFee: {
    name: 'ApproveBuilderFee',
    fields: [field('maxFeeRate', 'string'), field('builder', 'address'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason:
      'The paper exchange charges no builder fees, so none can be approved: place orders without a builder.',
  },
  cDeposit: {
    name: 'CDeposit',
    fields: [field('wei', 'uint64'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: NO_STAKING,
  },
  cWithdraw: {
    name: 'CWithdraw',
    fields: [field('wei', 'uint64'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: NO_STAKING,
  },
  tokenDelegate: {
    name: 'TokenDelegate',
    fields: [
      field('validator', 'address'),
      field('wei', 'uint64'),
      field('isUndelegate', 'bool'),
      field('nonce', 'uint64'),
    ],
    nonceField: 'nonce',
    reason: NO_STAKING,
  },
  userSetAbstraction: {
    name: 'UserSetAbstraction',
    fields: [field('user', 'address'), field('abstraction', 'string'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: ONE_MODE,
  },
  userDexAbstraction: {
    name: 'UserDexAbstraction',
    fields: [field('user', 'address'), field('enabled', 'bool'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: ONE_MODE,
  },
  userPortfolioMargin: {
    name: 'UserPortfolioMargin',
    fields: [field('user', 'address'), field('enabled', 'bool'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: ONE_MODE,
  },
  convertToMultiSigUser: {
    name: 'ConvertToMultiSigUser',
    fields: [field('signers', 'string'), field('nonce', 'uint64')],
    nonceField: 'nonce',
    reason: 'Multi-sig accounts are not supported by the paper exchange.',
  },
};

/** Whether `type` is a user-signed action the paper exchange refuses. */
export function isRefusedUserSigned(type: unknown): boolean {
  return typeof type === 'string' && Object.hasOwn(REFUSED_USER_SIGNED, type);
}

function readMessage(spec: UserSignedSpec, action: Envelope['action']) {
  const message: Record<string, TypedValue> = {
    hyperliquidChain: readEnum(action.hyperliquidChain, ['Mainnet', 'Testnet'], 'hyperliquidChain'),
  };
  for (const { name, type } of spec.fields) {
    const value = action[name];
    if (type === 'address') message[name] = readAddress(value, name);
    else if (type === 'bool') message[name] = readBool(value, name);
    else if (type === 'uint64') message[name] = readUint(value, name);
    else message[name] = readString(value, name);
  }
  return message;
}

/** Verifies a refused user-signed action, uses its nonce and answers the refusal. */
export async function handleRefusedUserSigned(
  deps: ExchangeDeps,
  envelope: Envelope,
): Promise<PaperReply> {
  const spec = REFUSED_USER_SIGNED[String(envelope.action.type)]!;
  const signatureChainId = readString(envelope.action.signatureChainId, 'signatureChainId');
  if (!/^0x[0-9a-fA-F]{1,16}$/.test(signatureChainId)) {
    throw new BadRequestError('signatureChainId');
  }
  const message = readMessage(spec, envelope.action);
  const fields = [field('hyperliquidChain', 'string'), ...spec.fields];
  const digest = userSignedDigest(spec.name, fields, message, signatureChainId);
  const signer = recoverSigner(digest, envelope.signature);
  if (!signer) return exchangeError('Invalid signature.');
  if (message.hyperliquidChain !== 'Testnet') {
    return exchangeError('This is a testnet-like exchange: sign with hyperliquidChain "Testnet".');
  }
  return accountTransaction(deps, signer, async (tx) => {
    // The signer is the user: an agent's signature acts on the agent's own (empty) account.
    if (!(await tx.lockAccount(signer))) {
      return exchangeError(`Must deposit before performing actions. User: ${signer}`);
    }
    if (message[spec.nonceField] !== envelope.nonce) {
      return exchangeError('The action nonce must equal the request nonce.');
    }
    const nonceError = await consumeNonce(tx, signer, envelope.nonce, deps.now());
    return exchangeError(nonceError ?? spec.reason);
  });
}
