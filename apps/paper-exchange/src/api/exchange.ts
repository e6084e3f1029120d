import { activeAgent, approveAgent } from '../engine/agents.js';
import { cancelByCloid, cancelByOid } from '../engine/cancels.js';
import type { EngineContext } from '../engine/context.js';
import { useNonce } from '../engine/nonces.js';
import { placeOrders } from '../engine/orders.js';
import { updateLeverage } from '../engine/leverage.js';
import { assetById } from '../market/assets.js';
import { actionConnectionId, l1ActionDigest } from '../signing/action-hash.js';
import { canonicalL1Action } from '../signing/canonical.js';
import type { L1Action } from '../signing/canonical.js';
import { isWireSignature, recoverSigner } from '../signing/recover.js';
import type { WireSignature } from '../signing/recover.js';
import { APPROVE_AGENT_FIELDS, userSignedDigest } from '../signing/user-signed.js';
import { BadRequestError } from '../errors.js';
import type { Account } from '../state.js';
import {
  readAddress,
  readEnum,
  readObject,
  readOptionalUint,
  readString,
  readUint,
} from '../util/read.js';
import type { Json } from '../util/read.js';
import { exchangeError, ok } from './reply.js';
import type { HandlerResult } from './reply.js';

/** The paper exchange verifies as Hyperliquid's testnet: source "b", hyperliquidChain "Testnet". */
const IS_MAINNET = false;

interface Envelope {
  action: Json;
  nonce: number;
  signature: WireSignature;
  vaultAddress?: string;
  expiresAfter?: number;
}

function readEnvelope(body: unknown): Envelope {
  const raw = readObject(body, 'body');
  if (!isWireSignature(raw.signature)) throw new BadRequestError('signature must be {r, s, v}');
  const vault = raw.vaultAddress;
  return {
    action: readObject(raw.action, 'action'),
    nonce: readUint(raw.nonce, 'nonce'),
    signature: raw.signature,
    vaultAddress:
      vault === undefined || vault === null ? undefined : readAddress(vault, 'vaultAddress'),
    expiresAfter: readOptionalUint(raw.expiresAfter, 'expiresAfter'),
  };
}

function coinOf(asset: number): string | undefined {
  return assetById(asset)?.name;
}

function runL1(ctx: EngineContext, account: Account, action: L1Action): HandlerResult {
  switch (action.type) {
    case 'order': {
      if (action.orders.length === 0) return exchangeError('Order batch is empty.', true);
      const statuses = placeOrders(ctx, account, action.orders);
      return ok({ status: 'ok', response: { type: 'order', data: { statuses } } }, true);
    }
    case 'cancel': {
      const statuses = cancelByOid(ctx, account, action.cancels, coinOf);
      return ok({ status: 'ok', response: { type: 'cancel', data: { statuses } } }, true);
    }
    case 'cancelByCloid': {
      const statuses = cancelByCloid(ctx, account, action.cancels, coinOf);
      return ok({ status: 'ok', response: { type: 'cancel', data: { statuses } } }, true);
    }
    case 'updateLeverage': {
      const error = updateLeverage(account, action);
      return error
        ? exchangeError(error, true)
        : ok({ status: 'ok', response: { type: 'default' } }, true);
    }
    case 'dummy':
    case 'noop':
      return ok({ status: 'ok', response: { type: 'default' } }, true);
  }
}

function handleL1(ctx: EngineContext, envelope: Envelope): HandlerResult {
  const action = canonicalL1Action(envelope.action);
  const { nonce, vaultAddress, expiresAfter } = envelope;
  const connectionId = actionConnectionId(action, nonce, vaultAddress, expiresAfter);
  const signer = recoverSigner(l1ActionDigest(connectionId, IS_MAINNET), envelope.signature);
  if (!signer) return exchangeError('Invalid signature.');
  const agent = activeAgent(ctx.state, signer, ctx.nowMs);
  const account = ctx.state.accounts[agent ? agent.master : signer];
  if (!account) return exchangeError(`User or API Wallet ${signer} does not exist.`);
  if (expiresAfter !== undefined && expiresAfter < ctx.nowMs) {
    return exchangeError(`Action expired: expiresAfter ${expiresAfter} is before ${ctx.nowMs}.`);
  }
  const nonceError = useNonce(ctx.state, signer, nonce, ctx.nowMs);
  if (nonceError) return exchangeError(nonceError);
  if (vaultAddress) {
    return exchangeError('Vaults and subaccounts are not supported by the paper exchange.', true);
  }
  return runL1(ctx, account, action);
}

function handleApproveAgent(ctx: EngineContext, envelope: Envelope): HandlerResult {
  const raw = envelope.action;
  const signatureChainId = readString(raw.signatureChainId, 'signatureChainId');
  if (!/^0x[0-9a-fA-F]{1,16}$/.test(signatureChainId))
    throw new BadRequestError('signatureChainId');
  const chain = readEnum(raw.hyperliquidChain, ['Mainnet', 'Testnet'], 'hyperliquidChain');
  const agentAddress = readAddress(raw.agentAddress, 'agentAddress');
  const agentName =
    raw.agentName === undefined || raw.agentName === null
      ? ''
      : readString(raw.agentName, 'agentName');
  const actionNonce = readUint(raw.nonce, 'nonce');
  const digest = userSignedDigest(
    'ApproveAgent',
    APPROVE_AGENT_FIELDS,
    { hyperliquidChain: chain, agentAddress, agentName, nonce: actionNonce },
    signatureChainId,
  );
  const signer = recoverSigner(digest, envelope.signature);
  if (!signer) return exchangeError('Invalid signature.');
  if (chain !== 'Testnet') {
    return exchangeError('This is a testnet-like exchange: sign with hyperliquidChain "Testnet".');
  }
  if (!ctx.state.accounts[signer]) {
    return exchangeError(`Must deposit before performing actions. User: ${signer}`);
  }
  if (actionNonce !== envelope.nonce)
    return exchangeError('The action nonce must equal the request nonce.');
  const nonceError = useNonce(ctx.state, signer, envelope.nonce, ctx.nowMs);
  if (nonceError) return exchangeError(nonceError);
  const error = approveAgent(ctx.state, signer, agentAddress, agentName, ctx.nowMs);
  return error
    ? exchangeError(error, true)
    : ok({ status: 'ok', response: { type: 'default' } }, true);
}

/**
 * POST /exchange: reads the signed envelope, recovers the signer from the canonical action,
 * resolves the acting account (agent → master), checks the nonce and runs the action.
 * Malformed bodies and unknown action types throw BadRequestError (422).
 */
export function handleExchange(ctx: EngineContext, body: unknown): HandlerResult {
  const envelope = readEnvelope(body);
  return envelope.action.type === 'approveAgent'
    ? handleApproveAgent(ctx, envelope)
    : handleL1(ctx, envelope);
}
