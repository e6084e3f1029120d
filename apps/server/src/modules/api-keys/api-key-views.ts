import {
  maskApiKey,
  maskApiSecret,
  maskWalletAddress,
  type ApiKeyListItem,
  type ConnectedExchange,
} from '@tb/core';
import type { ExchangeCredentialRow } from '../../db/schema/index.js';

/** The display name of the only supported exchange (SPEC.md section 1). */
export const EXCHANGE_NAME = 'Hyperliquid';

/**
 * A stored key as the API shows it: addresses and the private key only in masked form.
 * `secret` is the opened private key, used for its mask and dropped.
 */
export function toListItem(row: ExchangeCredentialRow, secret: string | null): ApiKeyListItem {
  return {
    id: row.id,
    exchangeId: 'hyperliquid',
    network: row.network,
    maskedWalletAddress: row.walletAddress ? maskWalletAddress(row.walletAddress) : null,
    maskedApiKey: maskApiKey(row.apiKey),
    maskedApiSecret: secret === null ? '****' : maskApiSecret(secret),
    hasWalletAddress: row.walletAddress !== '',
    isActive: row.isActive,
    lastUsed: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    control: row.control,
  };
}

/**
 * An active key as a connection (SPEC.md section 3: id, name, connectedAt), with a paper
 * account's address (its fills and orders are public on /paper/ws; a real wallet's is not sent).
 */
export function toConnection(row: ExchangeCredentialRow): ConnectedExchange {
  return {
    id: row.id,
    name: EXCHANGE_NAME,
    network: row.network,
    connectedAt: row.createdAt.toISOString(),
    ...(row.network === 'paper' && row.walletAddress ? { walletAddress: row.walletAddress } : {}),
  };
}
