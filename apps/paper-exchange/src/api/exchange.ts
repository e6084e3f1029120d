import { isActiveAgent } from '../engine/agents.js';
import { cancelByCloid, cancelByOid } from '../engine/cancels.js';
import type { EngineContext } from '../engine/context.js';
import { marksNow } from '../engine/context.js';
import { updateIsolatedMargin, updateLeverage } from '../engine/leverage.js';
import { placeOrders } from '../engine/orders.js';
import { MAX_CANCELS_PER_ACTION, MAX_ORDERS_PER_ACTION } from '../limits.js';
import { assetById } from '../market/assets.js';
import { actionConnectionId, l1ActionDigest } from '../signing/action-hash.js';
import { canonicalL1Action } from '../signing/canonical.js';
import { canonicalMoreL1Action } from '../signing/canonical-more.js';
import type { L1Action } from '../signing/canonical.js';
import { recoverSigner } from '../signing/recover.js';
import type { Ledger } from '../state.js';
import type { PaperReply } from '../types.js';
import { openLedger } from './accounts.js';
import { handleApproveAgent } from './approve-agent.js';
import { accountTransaction } from './context.js';
import type { ExchangeDeps } from './context.js';
import { consumeNonce, readEnvelope } from './envelope.js';
import type { Envelope } from './envelope.js';
import { runMoreL1 } from './exchange-more.js';
import { handleRefusedUserSigned, isRefusedUserSigned } from './refused-user-signed.js';
import { exchangeError, ok } from './reply.js';

/** The paper exchange verifies as Hyperliquid's testnet: source "b", hyperliquidChain "Testnet". */
const IS_MAINNET = false;

/** A batch larger than one request may carry: refused whole, before any work. */
function oversizedBatch(action: L1Action): string | null {
  if (action.type === 'order' && action.orders.length > MAX_ORDERS_PER_ACTION) {
    return `Too many orders in one action: ${action.orders.length}. The paper exchange accepts at most ${MAX_ORDERS_PER_ACTION} orders per action; send them in several actions.`;
  }
  const isCancel = action.type === 'cancel' || action.type === 'cancelByCloid';
  if (isCancel && action.cancels.length > MAX_CANCELS_PER_ACTION) {
    return `Too many cancels in one action: ${action.cancels.length}. The paper exchange accepts at most ${MAX_CANCELS_PER_ACTION} cancels per action.`;
  }
  return null;
}

function coinOf(asset: number): string | undefined {
  return assetById(asset)?.name;
}

function runL1(ctx: EngineContext, ledger: Ledger, action: L1Action): PaperReply {
  switch (action.type) {
    case 'order': {
      if (action.orders.length === 0) return exchangeError('Order batch is empty.');
      const statuses = placeOrders(ctx, ledger, action.orders, action.grouping);
      return ok({ status: 'ok', response: { type: 'order', data: { statuses } } });
    }
    case 'cancel': {
      const statuses = cancelByOid(ctx, ledger, action.cancels, coinOf);
      return ok({ status: 'ok', response: { type: 'cancel', data: { statuses } } });
    }
    case 'cancelByCloid': {
      const statuses = cancelByCloid(ctx, ledger, action.cancels, coinOf);
      return ok({ status: 'ok', response: { type: 'cancel', data: { statuses } } });
    }
    case 'updateLeverage': {
      const error = updateLeverage(ledger.account, action, marksNow(ctx));
      return error ? exchangeError(error) : ok({ status: 'ok', response: { type: 'default' } });
    }
    case 'updateIsolatedMargin': {
      const error = updateIsolatedMargin(ledger.account, action, marksNow(ctx));
      return error ? exchangeError(error) : ok({ status: 'ok', response: { type: 'default' } });
    }
    case 'dummy':
    case 'noop':
      return ok({ status: 'ok', response: { type: 'default' } });
  }
}

/**
 * The address an L1 signer acts on: its master's when the signer is an approved, unexpired
 * agent, else its own. Read before the transaction, to queue behind the account's requests;
 * an agent replaced meanwhile still acts once more for the master that approved it.
 */
async function actingAddress(deps: ExchangeDeps, signer: string): Promise<string> {
  const agent = await deps.store.read.agent(signer);
  return isActiveAgent(agent, deps.now()) ? agent.master : signer;
}

async function handleL1(deps: ExchangeDeps, envelope: Envelope): Promise<PaperReply> {
  // Edits, the dead man's switch and the refused actions (canonical-more.ts), else the rest.
  const more = canonicalMoreL1Action(envelope.action);
  const action = more ?? canonicalL1Action(envelope.action);
  const oversized = more ? null : oversizedBatch(action as L1Action);
  if (oversized) return exchangeError(oversized);
  const { nonce, vaultAddress, expiresAfter } = envelope;
  const connectionId = actionConnectionId(action, nonce, vaultAddress, expiresAfter);
  const signer = recoverSigner(l1ActionDigest(connectionId, IS_MAINNET), envelope.signature);
  if (!signer) return exchangeError('Invalid signature.');
  const address = await actingAddress(deps, signer);
  return accountTransaction(deps, address, async (tx) => {
    const nowMs = deps.now();
    const account = await tx.lockAccount(address);
    if (!account) return exchangeError(`User or API Wallet ${signer} does not exist.`);
    if (expiresAfter !== undefined && expiresAfter < nowMs) {
      return exchangeError(`Action expired: expiresAfter ${expiresAfter} is before ${nowMs}.`);
    }
    const nonceError = await consumeNonce(tx, signer, nonce, nowMs);
    if (nonceError) return exchangeError(nonceError);
    const work = await openLedger(tx, account, deps.seed, nowMs, deps.pins);
    const reply = vaultAddress
      ? exchangeError('Vaults and subaccounts are not supported by the paper exchange.')
      : more
        ? runMoreL1({ seed: deps.seed, nowMs, pins: deps.pins }, work.ledger, more)
        : runL1({ seed: deps.seed, nowMs, pins: deps.pins }, work.ledger, action as L1Action);
    await work.save();
    return reply;
  });
}

/**
 * POST /exchange: reads the signed envelope, recovers the signer from the canonical action,
 * then, in one transaction, resolves the acting account (agent → master), checks the nonce and
 * runs the action on that account alone. Malformed bodies and unknown action types throw
 * BadRequestError (422).
 */
export function handleExchange(deps: ExchangeDeps, body: unknown): Promise<PaperReply> {
  const envelope = readEnvelope(body);
  if (envelope.action.type === 'approveAgent') return handleApproveAgent(deps, envelope);
  if (isRefusedUserSigned(envelope.action.type)) return handleRefusedUserSigned(deps, envelope);
  return handleL1(deps, envelope);
}
