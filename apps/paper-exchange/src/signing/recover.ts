import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** A signature as Hyperliquid sends it; r and s may lack leading zeros. */
export interface WireSignature {
  r: string;
  s: string;
  v: number;
}

const HEX_32 = /^0x[0-9a-fA-F]{1,64}$/;

/** True when the signature has the shape Hyperliquid accepts (hex r/s up to 32 bytes, v 27/28). */
export function isWireSignature(value: unknown): value is WireSignature {
  if (typeof value !== 'object' || value === null) return false;
  const { r, s, v } = value as Record<string, unknown>;
  return (
    typeof r === 'string' &&
    HEX_32.test(r) &&
    typeof s === 'string' &&
    HEX_32.test(s) &&
    (v === 27 || v === 28)
  );
}

/** The lowercase 0x address of an uncompressed secp256k1 public key (65 bytes). */
export function publicKeyToAddress(publicKey: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`;
}

/**
 * Recovers the signer of a 32-byte digest (already keccak-hashed: no sha256 prehash).
 * Returns the lowercase address, or null when the signature is not a valid point.
 */
export function recoverSigner(digest: Uint8Array, signature: WireSignature): string | null {
  try {
    const sig = new secp256k1.Signature(BigInt(signature.r), BigInt(signature.s), signature.v - 27);
    return publicKeyToAddress(sig.recoverPublicKey(digest).toBytes(false));
  } catch {
    return null;
  }
}
