import { useNonce } from '../engine/nonces.js';
import { BadRequestError } from '../errors.js';
import { isWireSignature } from '../signing/recover.js';
import type { WireSignature } from '../signing/recover.js';
import type { PaperTransaction } from '../types.js';
import { readAddress, readObject, readOptionalUint, readUint } from '../util/read.js';
import type { Json } from '../util/read.js';

/** The signed body of POST /exchange. */
export interface Envelope {
  action: Json;
  nonce: number;
  signature: WireSignature;
  vaultAddress?: string;
  expiresAfter?: number;
}

export function readEnvelope(body: unknown): Envelope {
  const raw = readObject(body, 'body');
  if (!isWireSignature(raw.signature)) throw new BadRequestError('signature must be {r, s, v}');
  const vault = raw.vaultAddress;
  return {
    action: readObject(raw.action, 'action'),
    nonce: readUint(raw.nonce, 'nonce'),
    signature: raw.signature,
    vaultAddress:
      vault === undefined || vault === null ? undefined : readAddress(vault, 'vaultAddress'),
    expiresAfter: readOptionalUint(raw.expiresAfter, 'expiresAfter'),
  };
}

/**
 * Checks a signer's nonce and records it in the transaction. Returns Hyperliquid's error
 * text, or null when the nonce was accepted.
 */
export async function consumeNonce(
  tx: PaperTransaction,
  signer: string,
  nonce: number,
  nowMs: number,
): Promise<string | null> {
  const checked = useNonce(await tx.lockNonces(signer), nonce, nowMs);
  if ('error' in checked) return checked.error;
  await tx.saveNonces(signer, checked.nonces);
  return null;
}
