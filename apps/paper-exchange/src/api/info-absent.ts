import { readAddress } from '../util/read.js';
import type { Json } from '../util/read.js';

/**
 * Per-user /info types for what the paper exchange does not have (sub-accounts, TWAP, vaults,
 * staking, multi-sig, builder fees, dex abstraction): answered as Hyperliquid answers a user
 * who has none of it, so a client that asks (the Python SDK's Info, ccxt) goes on.
 */
const ABSENT: Record<string, unknown> = {
  subAccounts: null,
  userTwapSliceFills: [],
  twapHistory: [],
  userVaultEquities: [],
  delegations: [],
  delegatorSummary: {
    delegated: '0',
    undelegated: '0',
    totalPendingWithdrawal: '0',
    nPendingWithdrawals: 0,
  },
  delegatorRewards: [],
  delegatorHistory: [],
  userToMultiSigSigners: null,
  userDexAbstraction: false,
  // No builder fee can be approved here (approveBuilderFee is refused): the most is 0.
  maxBuilderFee: 0,
};

/**
 * Answers one of these types, or returns undefined for another. Throws BadRequestError for
 * a malformed user (or builder).
 */
export function absentInfo(body: Json): { value: unknown } | undefined {
  if (typeof body.type !== 'string' || !Object.hasOwn(ABSENT, body.type)) return undefined;
  readAddress(body.user, 'user');
  if (body.type === 'maxBuilderFee') readAddress(body.builder, 'builder');
  return { value: structuredClone(ABSENT[body.type]) };
}
