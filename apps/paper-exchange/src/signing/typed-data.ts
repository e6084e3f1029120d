import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Minimal EIP-712 hashing for the few fixed, flat struct types Hyperliquid signs (no nested
 * structs, no arrays), written here rather than taken from the client SDK so that a hashing bug
 * cannot hide on both sides.
 */

export type FieldType = 'string' | 'address' | 'bytes32' | 'uint64' | 'uint256' | 'bool';
export interface TypedField {
  name: string;
  type: FieldType;
}
export type TypedValue = string | number | bigint | boolean;

export interface Eip712Domain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: string;
}

const DOMAIN_FIELDS: TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** `Name(type1 name1,type2 name2)` as EIP-712 encodeType defines it for a flat struct. */
export function encodeType(name: string, fields: readonly TypedField[]): string {
  return `${name}(${fields.map((field) => `${field.type} ${field.name}`).join(',')})`;
}

function word(value: bigint): Uint8Array {
  if (value < 0n || value >= 1n << 256n) throw new RangeError('uint out of range');
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

function hexWord(hex: string, bytes: number): Uint8Array {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]*$/.test(body) || body.length !== bytes * 2) {
    throw new RangeError(`expected ${bytes} hex bytes`);
  }
  return hexToBytes(body.padStart(64, '0'));
}

function encodeValue(type: FieldType, value: TypedValue): Uint8Array {
  switch (type) {
    case 'string':
      return keccak_256(utf8ToBytes(String(value)));
    case 'address':
      return hexWord(String(value), 20);
    case 'bytes32':
      return hexWord(String(value), 32);
    case 'bool':
      return word(value ? 1n : 0n);
    case 'uint64':
    case 'uint256':
      return word(BigInt(value));
  }
}

/** keccak256(typeHash ‖ encodeData) of a flat struct. */
export function hashStruct(
  name: string,
  fields: readonly TypedField[],
  message: Readonly<Record<string, TypedValue>>,
): Uint8Array {
  const typeHash = keccak_256(utf8ToBytes(encodeType(name, fields)));
  const values = fields.map((field) => {
    const value = message[field.name];
    if (value === undefined) throw new RangeError(`missing field ${field.name}`);
    return encodeValue(field.type, value);
  });
  return keccak_256(concatBytes(typeHash, ...values));
}

/** The 32-byte digest a wallet signs: keccak256(0x1901 ‖ domainSeparator ‖ hashStruct). */
export function typedDataDigest(
  domain: Eip712Domain,
  primaryType: string,
  fields: readonly TypedField[],
  message: Readonly<Record<string, TypedValue>>,
): Uint8Array {
  const separator = hashStruct('EIP712Domain', DOMAIN_FIELDS, { ...domain });
  return keccak_256(
    concatBytes(new Uint8Array([0x19, 0x01]), separator, hashStruct(primaryType, fields, message)),
  );
}
