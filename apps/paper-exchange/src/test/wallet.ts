import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Test-side signing: a wallet in the shape @nktkas/hyperliquid accepts (viem local account),
 * with its own small EIP-712 encoder written apart from src/signing so the two sides of a
 * round trip do not share hashing code.
 */

/** The official Python SDK's test key and its address. */
export const VECTOR_KEY = '0x0123456789012345678901234567890123456789012345678901234567890123';
export const VECTOR_ADDRESS = '0x14791697260e4c9a71f18484c9f997b308e59325';

export interface TestSignature {
  r: `0x${string}`;
  s: `0x${string}`;
  v: 27 | 28;
}

type Types = Record<string, readonly { name: string; type: string }[]>;

export function addressOf(privateKey: string): `0x${string}` {
  const pub = secp256k1.getPublicKey(hexToBytes(privateKey.slice(2)), false);
  return `0x${bytesToHex(keccak_256(pub.subarray(1)).subarray(12))}`;
}

/** Signs a 32-byte digest as an Ethereum wallet does (no prehash, v = 27 + recovery bit). */
export function signDigest(privateKey: string, digest: Uint8Array): TestSignature {
  const bytes = secp256k1.sign(digest, hexToBytes(privateKey.slice(2)), {
    prehash: false,
    format: 'recovered',
  });
  return {
    r: `0x${bytesToHex(bytes.subarray(1, 33))}`,
    s: `0x${bytesToHex(bytes.subarray(33, 65))}`,
    v: (27 + (bytes[0] ?? 0)) as 27 | 28,
  };
}

function encodeField(type: string, value: unknown): Uint8Array {
  if (type === 'string') return keccak_256(utf8ToBytes(String(value)));
  if (type === 'bool') return encodeField('uint256', value ? 1 : 0);
  if (type.startsWith('uint'))
    return hexToBytes(
      BigInt(value as number)
        .toString(16)
        .padStart(64, '0'),
    );
  if (type === 'address' || type === 'bytes32') {
    return hexToBytes(String(value).slice(2).toLowerCase().padStart(64, '0'));
  }
  throw new Error(`test wallet: unsupported EIP-712 type ${type}`);
}

function structHash(name: string, types: Types, message: Record<string, unknown>): Uint8Array {
  const fields = types[name] ?? [];
  const typeString = `${name}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`;
  const encoded = fields.map((f) => encodeField(f.type, message[f.name]));
  return keccak_256(concatBytes(keccak_256(utf8ToBytes(typeString)), ...encoded));
}

export interface TypedDataRequest {
  domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
  types: Types;
  primaryType: string;
  message: Record<string, unknown>;
}

/** keccak256(0x1901 ‖ domainSeparator ‖ structHash) for flat structs. */
export function typedDataHash(request: TypedDataRequest): Uint8Array {
  const domainTypes: Types = {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
  };
  const domain = structHash('EIP712Domain', domainTypes, { ...request.domain });
  const struct = structHash(request.primaryType, request.types, request.message);
  return keccak_256(concatBytes(new Uint8Array([0x19, 0x01]), domain, struct));
}

/** A viem-local-account-shaped wallet on @noble/curves. */
export function nobleWallet(privateKey: string) {
  return {
    address: addressOf(privateKey),
    async signTypedData(request: TypedDataRequest): Promise<`0x${string}`> {
      const sig = signDigest(privateKey, typedDataHash(request));
      return `0x${sig.r.slice(2)}${sig.s.slice(2)}${sig.v.toString(16)}`;
    },
  };
}

/** A fresh random private key. */
export function randomKey(): string {
  return `0x${bytesToHex(secp256k1.utils.randomSecretKey())}`;
}
