import { addressOfPrivateKey, generatePrivateKey } from '@tb/hyperliquid';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { subscriptions, users } from '../db/schema/index.js';
import { authed } from './api.js';
import type { TestContext } from './helper.js';

/** A matching API wallet (address + private key) and a master wallet address. */
export function newKeys(network: 'mainnet' | 'testnet' = 'testnet') {
  const apiSecret = generatePrivateKey();
  return {
    exchangeId: 'hyperliquid' as const,
    network,
    walletAddress: addressOfPrivateKey(generatePrivateKey()),
    apiKey: addressOfPrivateKey(apiSecret),
    apiSecret,
  };
}

/**
 * Keys whose API wallet is the wallet itself (its own private key): control proven without
 * asking the exchange (DESIGN.md section 11), as a trader who pastes the wallet's key.
 */
export function ownKeys(network: 'mainnet' | 'testnet' = 'testnet') {
  const keys = newKeys(network);
  return { ...keys, walletAddress: keys.apiKey };
}

/** Gives the user a running subscription of `plan` (or the admin-granted flag for 'paid'). */
export async function grantPlan(
  ctx: TestContext,
  userId: string,
  plan: 'monthly' | 'quarterly' | 'annual' | 'paid',
) {
  if (plan === 'paid') {
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, userId));
    return;
  }
  const day = 86_400_000;
  await ctx.database.db.insert(subscriptions).values({
    userId,
    plan,
    startDate: new Date(Date.now() - day),
    endDate: new Date(Date.now() + 30 * day),
  });
}

/** Stores a key through the API and returns its id. */
export async function addKey(app: FastifyInstance, token: string, body: object = ownKeys()) {
  const res = await authed(app, token, 'POST', '/api/api-keys', body);
  if (res.statusCode !== 201) throw new Error(`add key: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}
