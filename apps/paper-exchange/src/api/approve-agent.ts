import { approveAgent } from '../engine/agents.js';
import { BadRequestError } from '../errors.js';
import { APPROVE_AGENT_FIELDS, userSignedDigest } from '../signing/user-signed.js';
import { recoverSigner } from '../signing/recover.js';
import type { PaperReply } from '../types.js';
import { readAddress, readEnum, readString, readUint } from '../util/read.js';
import { accountTransaction } from './context.js';
import type { ExchangeDeps } from './context.js';
import { consumeNonce } from './envelope.js';
import type { Envelope } from './envelope.js';
import { exchangeError, ok } from './reply.js';

/** Thrown inside a transaction to undo it and answer `reply` instead. */
class Refusal extends Error {
  constructor(readonly reply: PaperReply) {
    super('refused');
  }
}

function readApproval(raw: Envelope['action']) {
  const signatureChainId = readString(raw.signatureChainId, 'signatureChainId');
  if (!/^0x[0-9a-fA-F]{1,16}$/.test(signatureChainId))
    throw new BadRequestError('signatureChainId');
  return {
    signatureChainId,
    chain: readEnum(raw.hyperliquidChain, ['Mainnet', 'Testnet'], 'hyperliquidChain'),
    agentAddress: readAddress(raw.agentAddress, 'agentAddress'),
    agentName:
      raw.agentName === undefined || raw.agentName === null
        ? ''
        : readString(raw.agentName, 'agentName'),
    nonce: readUint(raw.nonce, 'nonce'),
  };
}

/**
 * approveAgent (user-signed): the master registers an API wallet, in one transaction holding
 * the master's account, so its agents change one approval at a time.
 */
export async function handleApproveAgent(
  deps: ExchangeDeps,
  envelope: Envelope,
): Promise<PaperReply> {
  const approval = readApproval(envelope.action);
  const { chain, agentAddress, agentName } = approval;
  const digest = userSignedDigest(
    'ApproveAgent',
    APPROVE_AGENT_FIELDS,
    { hyperliquidChain: chain, agentAddress, agentName, nonce: approval.nonce },
    approval.signatureChainId,
  );
  const signer = recoverSigner(digest, envelope.signature);
  if (!signer) return exchangeError('Invalid signature.');
  if (chain !== 'Testnet') {
    return exchangeError('This is a testnet-like exchange: sign with hyperliquidChain "Testnet".');
  }
  try {
    return await accountTransaction(deps, signer, async (tx) => {
      const nowMs = deps.now();
      if (!(await tx.lockAccount(signer))) {
        return exchangeError(`Must deposit before performing actions. User: ${signer}`);
      }
      if (approval.nonce !== envelope.nonce)
        return exchangeError('The action nonce must equal the request nonce.');
      const nonceError = await consumeNonce(tx, signer, envelope.nonce, nowMs);
      if (nonceError) return exchangeError(nonceError);
      const plan = approveAgent({
        master: signer,
        agentAddress,
        rawName: agentName,
        nowMs,
        agents: await tx.agentsOf(signer),
        existing: await tx.agent(agentAddress),
      });
      if ('error' in plan) return exchangeError(plan.error);
      for (const address of plan.remove) await tx.deleteAgent(address);
      // Another master may have taken the address since it was read: undo everything.
      if (!(await tx.putAgent(plan.agent))) {
        throw new Refusal(
          exchangeError(`Agent ${agentAddress} is already used by another account.`),
        );
      }
      return ok({ status: 'ok', response: { type: 'default' } });
    });
  } catch (error) {
    if (error instanceof Refusal) return error.reply;
    throw error;
  }
}
