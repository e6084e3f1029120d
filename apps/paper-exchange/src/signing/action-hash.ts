import { encode } from '@msgpack/msgpack';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { typedDataDigest } from './typed-data.js';
import type { TypedField } from './typed-data.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

const AGENT_FIELDS: TypedField[] = [
  { name: 'source', type: 'string' },
  { name: 'connectionId', type: 'bytes32' },
];

function uint64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

/**
 * The L1 action hash ("connectionId"):
 * keccak256(msgpack(action) ‖ u64be(nonce) ‖ (0x00 | 0x01 ‖ vault) ‖ [0x00 ‖ u64be(expiresAfter)]).
 * `action` must already be in canonical key order; msgpack keeps insertion order and encodes
 * integers ≥ 2³² as uint64. `nonce` and `expiresAfter` are epoch milliseconds.
 */
export function actionConnectionId(
  action: unknown,
  nonce: number,
  vaultAddress?: string,
  expiresAfter?: number,
): string {
  const parts = [encode(action), uint64(nonce)];
  parts.push(
    vaultAddress
      ? concatBytes(new Uint8Array([1]), hexToBytes(vaultAddress.slice(2)))
      : new Uint8Array([0]),
  );
  if (expiresAfter !== undefined) parts.push(new Uint8Array([0]), uint64(expiresAfter));
  return `0x${bytesToHex(keccak_256(concatBytes(...parts)))}`;
}

/**
 * The EIP-712 digest of an L1 action: the phantom `Agent(string source,bytes32 connectionId)`
 * on domain Exchange/1/1337/0x0, with source "a" on mainnet and "b" on testnet.
 */
export function l1ActionDigest(connectionId: string, isMainnet: boolean): Uint8Array {
  return typedDataDigest(
    { name: 'Exchange', version: '1', chainId: 1337, verifyingContract: ZERO_ADDRESS },
    'Agent',
    AGENT_FIELDS,
    { source: isMainnet ? 'a' : 'b', connectionId },
  );
}
