import { BadRequestError } from '../errors.js';

/** Narrow readers for untrusted JSON: each throws BadRequestError (HTTP 422) on a wrong type. */

export type Json = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function readObject(value: unknown, name: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError(`${name} must be an object`);
  }
  return value as Json;
}

/** A JSON array. */
export function readArray(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) throw new BadRequestError(`${name} must be an array`);
  return value;
}

/**
 * The longest string the exchange reads. Every field it knows is far shorter (decimals, hex
 * ids, coins; agent names with their `valid_until` suffix), so more is a malformed body.
 */
export const MAX_STRING_LENGTH = 256;

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A JSON string of at most MAX_STRING_LENGTH characters. A NUL or an unpaired surrogate is
 * refused: PostgreSQL cannot store the first (the request would fail as a storage error) and
 * stores the second as U+FFFD, not the text that was signed.
 */
export function readString(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new BadRequestError(`${name} must be a string`);
  if (value.length > MAX_STRING_LENGTH) {
    throw new BadRequestError(`${name} is longer than ${MAX_STRING_LENGTH} characters`);
  }
  if (value.includes('\0') || UNPAIRED_SURROGATE.test(value)) {
    throw new BadRequestError(`${name} holds a NUL byte or an unpaired surrogate`);
  }
  return value;
}

/** A JSON boolean. */
export function readBool(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new BadRequestError(`${name} must be a boolean`);
  return value;
}

/** A non-negative safe integer (asset ids, oids, nonces in ms, leverage). */
export function readUint(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new BadRequestError(`${name} must be a non-negative integer`);
  }
  return value;
}

/** A safe integer of either sign (`ntli`, a margin change in micro-dollars). */
export function readInt(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new BadRequestError(`${name} must be an integer`);
  }
  return value;
}

/** A non-negative safe integer, or undefined for a missing or null field. */
export function readOptionalUint(value: unknown, name: string): number | undefined {
  return value === undefined || value === null ? undefined : readUint(value, name);
}

/** A 20-byte hex address, returned lowercase. */
export function readAddress(value: unknown, name: string): string {
  const text = readString(value, name);
  if (!isAddress(text)) throw new BadRequestError(`${name} must be a 0x address`);
  return text.toLowerCase();
}

/** Whether `text` is "0x" followed by 40 hex digits (any case). */
export function isAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text);
}

/** Throws unless `value` is one of `options`. */
export function readEnum<T extends string>(value: unknown, options: readonly T[], name: string): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    throw new BadRequestError(`${name} must be one of ${options.join(', ')}`);
  }
  return value as T;
}
