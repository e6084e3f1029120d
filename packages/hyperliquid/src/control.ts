import type { InfoClient } from '@nktkas/hyperliquid';
import { exchangeCall } from './errors.js';
import type { AccountControl, AccountCredentials } from './types.js';
import { addressOfPrivateKey } from './wallet.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Asks the exchange whether the API wallet acts for the wallet: `userRole` of the API wallet
 * (an agent names its master), then `extraAgents` of the wallet (named agents it approved).
 * A key that is not a valid private key controls nothing.
 */
export async function accountControl(
  info: InfoClient,
  credentials: AccountCredentials,
  nowMs: number,
): Promise<AccountControl> {
  let apiWallet: string;
  try {
    apiWallet = addressOfPrivateKey(credentials.privateKey);
  } catch {
    return 'none';
  }
  const wallet = credentials.walletAddress;
  if (same(apiWallet, wallet)) return 'wallet';
  const role = await exchangeCall(() => info.userRole({ user: apiWallet as `0x${string}` }));
  if (role.role === 'agent' && same(role.data.user, wallet)) return 'agent';
  const agents = await exchangeCall(() => info.extraAgents({ user: wallet }));
  const listed = agents.some(
    (agent) =>
      same(agent.address, apiWallet) && (agent.validUntil === null || agent.validUntil > nowMs),
  );
  return listed ? 'agent' : 'none';
}
