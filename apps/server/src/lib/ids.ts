import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a path or body can name a row: every table keys on uuids, and anything
 * else must answer 404 rather than reach a uuid column (where the database would refuse it).
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A fresh exchange client order id (Hyperliquid's cloid): "0x" and 32 hex digits. */
export function newCloid(): `0x${string}` {
  return `0x${randomBytes(16).toString('hex')}`;
}
