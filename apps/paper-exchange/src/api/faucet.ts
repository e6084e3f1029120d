import { newAccount } from '../state.js';
import type { PaperState } from '../state.js';
import { isAddress, readObject } from '../util/read.js';
import { exchangeError, ok } from './reply.js';
import type { HandlerResult } from './reply.js';

/**
 * POST /faucet `{user}`: credits `amountUsd` to an address that was never funded, once; like
 * the testnet faucet. A malformed body throws BadRequestError (422); a string that is not an
 * address answers 400.
 */
export function handleFaucet(state: PaperState, body: unknown, amountUsd: number): HandlerResult {
  const { user } = readObject(body, 'body');
  if (typeof user !== 'string' || !isAddress(user)) {
    return {
      reply: { status: 400, body: { status: 'err', response: 'Invalid user address.' } },
      mutated: false,
    };
  }
  const address = user.toLowerCase();
  if (state.accounts[address]) {
    return exchangeError(`Address ${address} has already received paper USDC from the faucet.`);
  }
  state.accounts[address] = newAccount(address, amountUsd);
  return ok({ status: 'ok', response: { type: 'default' } }, true);
}
