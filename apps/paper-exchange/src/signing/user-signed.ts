import { typedDataDigest } from './typed-data.js';
import type { TypedField, TypedValue } from './typed-data.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** EIP-712 fields of `HyperliquidTransaction:ApproveAgent`, in signing order. */
export const APPROVE_AGENT_FIELDS: TypedField[] = [
  { name: 'hyperliquidChain', type: 'string' },
  { name: 'agentAddress', type: 'address' },
  { name: 'agentName', type: 'string' },
  { name: 'nonce', type: 'uint64' },
];

/** EIP-712 fields of `HyperliquidTransaction:UsdSend` (only used by the signing vectors). */
export const USD_SEND_FIELDS: TypedField[] = [
  { name: 'hyperliquidChain', type: 'string' },
  { name: 'destination', type: 'string' },
  { name: 'amount', type: 'string' },
  { name: 'time', type: 'uint64' },
];

/**
 * Digest of a user-signed action: domain HyperliquidSignTransaction/1 on the chain the action
 * names in `signatureChainId` (hex, e.g. "0x66eee" = 421614), primary type
 * `HyperliquidTransaction:<name>`.
 */
export function userSignedDigest(
  name: string,
  fields: readonly TypedField[],
  message: Readonly<Record<string, TypedValue>>,
  signatureChainId: string,
): Uint8Array {
  return typedDataDigest(
    {
      name: 'HyperliquidSignTransaction',
      version: '1',
      chainId: Number.parseInt(signatureChainId, 16),
      verifyingContract: ZERO_ADDRESS,
    },
    `HyperliquidTransaction:${name}`,
    fields,
    message,
  );
}
