import { newAccount } from '../state.js';
import type { PaperReply } from '../types.js';
import { isAddress, readObject } from '../util/read.js';
import { accountTransaction } from './context.js';
import type { ExchangeDeps } from './context.js';
import { exchangeError, ok } from './reply.js';

/**
 * POST /faucet `{user}`: credits the faucet amount to an address that was never funded, once;
 * like the testnet faucet. A malformed body throws BadRequestError (422); a string that is not
 * an address answers 400.
 */
export async function handleFaucet(deps: ExchangeDeps, body: unknown): Promise<PaperReply> {
  const { user } = readObject(body, 'body');
  if (typeof user !== 'string' || !isAddress(user)) {
    return { status: 400, body: { status: 'err', response: 'Invalid user address.' } };
  }
  const address = user.toLowerCase();
  const nowMs = deps.now();
  const account = {
    ...newAccount(address, deps.faucetUsd, nowMs),
    deposits: [{ time: nowMs, usdc: deps.faucetUsd }],
  };
  const funded = await accountTransaction(deps, address, (tx) => tx.insertAccount(account));
  return funded
    ? ok({ status: 'ok', response: { type: 'default' } })
    : exchangeError(`Address ${address} has already received paper USDC from the faucet.`);
}
