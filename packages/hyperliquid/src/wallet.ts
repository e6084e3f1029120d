import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { hashTypedData, type TypedData } from './eip712.js';

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`;

/**
 * A local signer in the shape of a viem local account, which the SDK accepts as a wallet:
 * `address` (lowercase) and `signTypedData` answering a 65-byte `r ‖ s ‖ v` hex signature.
 */
export interface LocalWallet {
  readonly address: Hex;
  signTypedData(params: TypedData): Promise<Hex>;
}

/** Key bytes, or an error that never repeats the key (so it cannot leak into a log). */
function secretKey(privateKey: string): Uint8Array {
  const digits = typeof privateKey === 'string' ? privateKey.replace(/^0x/, '') : '';
  const key = /^[0-9a-fA-F]{64}$/.test(digits) ? hexToBytes(digits) : null;
  if (!key || !secp256k1.utils.isValidSecretKey(key)) throw new Error('Invalid private key');
  return key;
}

/** The lowercase Ethereum address of a secp256k1 private key (0x + 64 hex digits). */
export function addressOfPrivateKey(privateKey: string): Hex {
  const publicKey = secp256k1.getPublicKey(secretKey(privateKey), false);
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`;
}

/** A fresh random private key (0x + 64 hex digits) from the platform's CSPRNG. */
export function generatePrivateKey(): Hex {
  for (;;) {
    const key = crypto.getRandomValues(new Uint8Array(32));
    if (secp256k1.utils.isValidSecretKey(key)) return `0x${bytesToHex(key)}`;
  }
}

/**
 * A wallet signing EIP-712 typed data with `privateKey`, for the SDK's ExchangeClient.
 * Throws "Invalid private key" (without the key) when the key is malformed.
 */
export function walletFromPrivateKey(privateKey: string): LocalWallet {
  const key = secretKey(privateKey);
  return {
    address: addressOfPrivateKey(privateKey),
    // One parameter: the SDK tells a viem account by `signTypedData.length`.
    signTypedData(params: TypedData): Promise<Hex> {
      // The digest is already keccak-256: noble would sha256 it again unless prehash is off.
      const sig = secp256k1.sign(hashTypedData(params), key, {
        prehash: false,
        format: 'recovered',
      });
      const v = (27 + (sig[0] ?? 0)).toString(16);
      return Promise.resolve(`0x${bytesToHex(sig.subarray(1))}${v}` as Hex);
    },
  };
}
