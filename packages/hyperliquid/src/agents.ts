import { ExchangeClient, type IRequestTransport } from '@nktkas/hyperliquid';
import { ExchangeError, exchangeCall } from './errors.js';
import { walletFromPrivateKey } from './wallet.js';

/** Options of {@link approveAgent}. */
export interface ApproveAgentOptions {
  transport: IRequestTransport;
  /** The master wallet's key: only the master can approve an agent (user-signed action). */
  masterPrivateKey: `0x${string}`;
  agentAddress: `0x${string}`;
  /** Reusing a name replaces that agent; a ` valid_until <ms>` suffix sets its expiry. */
  agentName: string;
}

/**
 * Approves `agentAddress` as an API wallet of the master account, signed by the master's
 * key. Failures are ExchangeErrors ('rejected' with the exchange's text, e.g. "Must deposit
 * before performing actions.").
 */
export async function approveAgent(options: ApproveAgentOptions): Promise<void> {
  let wallet;
  try {
    wallet = walletFromPrivateKey(options.masterPrivateKey);
  } catch {
    throw new ExchangeError('rejected', 'The master wallet private key is not valid');
  }
  const client = new ExchangeClient({ transport: options.transport, wallet });
  await exchangeCall(() =>
    client.approveAgent({ agentAddress: options.agentAddress, agentName: options.agentName }),
  );
}
