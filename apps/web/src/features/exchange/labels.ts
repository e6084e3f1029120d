import type { ConnectedExchange, ExchangeNetwork } from '@tb/core';
import { isApiError } from '@/lib/api-error';

/** How the networks of DESIGN.md read on screen. */
export const NETWORK_LABELS: Readonly<Record<ExchangeNetwork, string>> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  paper: 'Paper',
};

/** 'Hyperliquid' on mainnet, 'Hyperliquid · Paper' or 'Hyperliquid · Testnet' otherwise. */
export function connectionLabel(exchange: Pick<ConnectedExchange, 'name' | 'network'>): string {
  const name = exchange.name || 'Hyperliquid';
  return exchange.network && exchange.network !== 'mainnet'
    ? `${name} · ${NETWORK_LABELS[exchange.network]}`
    : name;
}

/**
 * A time-out of the exchange or of the request (SPEC.md section 8: a balance fetch that timed
 * out is not shown to the user; other errors are).
 */
export function isTimeoutError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.code === 'TIMEOUT' ||
    error.code === 'EXCHANGE_TIMEOUT' ||
    error.status === 504 ||
    /timed out/i.test(error.message)
  );
}
