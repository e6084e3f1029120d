import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** One field of an EIP-712 struct type. */
export interface TypedDataField {
  name: string;
  type: string;
}

/** EIP-712 typed data, as viem's `signTypedData` takes it (and the SDK passes it). */
export interface TypedData {
  domain: Record<string, unknown>;
  types: Record<string, readonly TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

const DOMAIN_FIELDS: readonly TypedDataField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

const strip0x = (hex: string): string => (hex.startsWith('0x') ? hex.slice(2) : hex);

function word(value: bigint): Uint8Array {
  const unsigned = value < 0n ? (1n << 256n) + value : value;
  return hexToBytes(unsigned.toString(16).padStart(64, '0'));
}

function hexWord(hex: string, side: 'left' | 'right'): Uint8Array {
  const digits = strip0x(hex);
  if (digits.length > 64) throw new Error('EIP-712: value longer than 32 bytes');
  return hexToBytes(side === 'left' ? digits.padStart(64, '0') : digits.padEnd(64, '0'));
}

/** The struct types `name` refers to, itself first (EIP-712 `encodeType` order). */
function dependencies(name: string, types: TypedData['types'], found: string[] = []): string[] {
  const fields = types[name];
  if (!fields || found.includes(name)) return found;
  found.push(name);
  for (const field of fields) dependencies(field.type.replace(/\[\d*\]$/, ''), types, found);
  return found;
}

function encodeType(name: string, types: TypedData['types']): string {
  const [primary = name, ...rest] = dependencies(name, types);
  return [primary, ...rest.sort()]
    .map((t) => `${t}(${(types[t] ?? []).map((f) => `${f.type} ${f.name}`).join(',')})`)
    .join('');
}

function encodeValue(type: string, value: unknown, types: TypedData['types']): Uint8Array {
  if (types[type]) return hashStruct(type, value as Record<string, unknown>, types);
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) {
    const items = (value as unknown[]).map((v) => encodeValue(array[1] ?? '', v, types));
    return keccak_256(concatBytes(...items));
  }
  if (type === 'string') return keccak_256(utf8ToBytes(String(value)));
  if (type === 'bytes') return keccak_256(hexToBytes(strip0x(String(value))));
  if (type === 'bool') return word(value ? 1n : 0n);
  if (type === 'address') return hexWord(String(value), 'left');
  if (/^bytes\d+$/.test(type)) return hexWord(String(value), 'right');
  if (/^u?int\d*$/.test(type)) return word(BigInt(value as bigint | number | string));
  throw new Error(`EIP-712: unsupported type ${type}`);
}

/** `hashStruct(s) = keccak256(typeHash ‖ encodeData(s))` of EIP-712. */
export function hashStruct(
  name: string,
  data: Record<string, unknown>,
  types: TypedData['types'],
): Uint8Array {
  const fields = types[name] ?? [];
  const typeHash = keccak_256(utf8ToBytes(encodeType(name, types)));
  return keccak_256(
    concatBytes(typeHash, ...fields.map((f) => encodeValue(f.type, data[f.name], types))),
  );
}

/**
 * The EIP-712 digest `keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message))`. Supports
 * the field types Hyperliquid signs (string, bytes, bytesN, address, bool, (u)intN, arrays and
 * nested structs). When `types` has no `EIP712Domain`, it is derived from the domain's keys.
 */
export function hashTypedData({ domain, types, primaryType, message }: TypedData): Uint8Array {
  const domainFields = types.EIP712Domain ?? DOMAIN_FIELDS.filter((f) => domain[f.name] != null);
  const allTypes = { ...types, EIP712Domain: domainFields };
  const separator = hashStruct('EIP712Domain', domain, allTypes);
  const parts = [Uint8Array.of(0x19, 0x01), separator];
  if (primaryType !== 'EIP712Domain') parts.push(hashStruct(primaryType, message, allTypes));
  return keccak_256(concatBytes(...parts));
}
