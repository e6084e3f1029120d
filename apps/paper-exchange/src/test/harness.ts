import { ExchangeClient, InfoClient } from '@nktkas/hyperliquid';
import { signL1Action } from '@nktkas/hyperliquid/signing';
import { openPaperExchange } from '../paper-exchange.js';
import type { PaperExchange, PaperStore } from '../types.js';
import { nobleWallet } from './wallet.js';

/** Test wiring: a fake clock, the exchange on it, and @nktkas/hyperliquid clients talking to it. */

/** 2025-01-06T00:00:00Z, a Monday: a fixed, realistic start for every test. */
export const T0 = 1_736_121_600_000;

export class FakeClock {
  private lastNonce = 0;
  constructor(public ms: number = T0) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
  /** A fresh nonce near the clock (strictly increasing, like the SDK's). */
  nonce(): number {
    this.lastNonce = Math.max(this.ms, this.lastNonce + 1);
    return this.lastNonce;
  }
}

export async function openTestExchange(
  options: { seed?: number; store?: PaperStore; clock?: FakeClock } = {},
) {
  const clock = options.clock ?? new FakeClock();
  const exchange = await openPaperExchange({
    now: clock.now,
    seed: options.seed ?? 7,
    store: options.store,
  });
  return { exchange, clock };
}

/** An SDK transport that JSON-roundtrips into the exchange, like HTTP would. */
export function transportFor(exchange: PaperExchange) {
  return {
    isTestnet: true,
    async request<T>(endpoint: 'info' | 'exchange', payload: unknown): Promise<T> {
      const body = JSON.parse(JSON.stringify(payload)) as unknown;
      const answer =
        endpoint === 'info' ? await exchange.info(body) : await exchange.exchange(body);
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${String(answer.body)}`);
      return JSON.parse(JSON.stringify(answer.body)) as T;
    },
  };
}

export function infoClient(exchange: PaperExchange): InfoClient {
  return new InfoClient({ transport: transportFor(exchange) });
}

export function exchangeClient(
  exchange: PaperExchange,
  privateKey: string,
  clock: FakeClock,
): ExchangeClient {
  return new ExchangeClient({
    transport: transportFor(exchange),
    wallet: nobleWallet(privateKey),
    nonceManager: () => clock.nonce(),
  });
}

/**
 * A hand-built /exchange envelope: the action is hashed exactly as given (key order, strings),
 * through the SDK's own msgpack path, not the exchange's.
 */
export async function signedEnvelope(
  privateKey: string,
  action: Record<string, unknown>,
  nonce: number,
  options: { isTestnet?: boolean; vaultAddress?: `0x${string}` } = {},
) {
  const signature = await signL1Action({
    wallet: nobleWallet(privateKey),
    action,
    nonce,
    isTestnet: options.isTestnet ?? true,
    vaultAddress: options.vaultAddress,
  });
  return {
    action,
    nonce,
    signature,
    ...(options.vaultAddress ? { vaultAddress: options.vaultAddress } : {}),
  };
}

/** Funds an address through the faucet and fails the test if it did not work. */
export async function fund(exchange: PaperExchange, address: string): Promise<void> {
  const answer = await exchange.faucet({ user: address });
  if (answer.status !== 200 || (answer.body as { status: string }).status !== 'ok') {
    throw new Error(`faucet failed: ${JSON.stringify(answer.body)}`);
  }
}
