import { InfoClient, type IRequestTransport } from '@nktkas/hyperliquid';
import { HyperliquidAccount } from './account.js';
import { SharedCache, type RemoteCache } from './cache.js';
import type { ExchangeAccount } from './exchange-client.js';
import { HyperliquidMarket } from './market-data.js';
import type { AccountCredentials, Network } from './types.js';

/** Options of {@link HyperliquidExchange}. */
export interface HyperliquidExchangeOptions {
  /** httpTransport(...) for Hyperliquid, handlerTransport(...) for the built-in paper exchange. */
  transport: IRequestTransport;
  network: Network;
  /** Clock in epoch milliseconds (cache expiry, candle windows); tests pass a fake one. */
  now?: () => number;
  /** The market cache several app instances share (Redis); each process's own without it. */
  remoteCache?: RemoteCache;
}

/**
 * Hyperliquid on one network, shared by all its users: `market` is the public data behind
 * one cache; `account(credentials)` is a user's account on the same transport and cache.
 */
export class HyperliquidExchange {
  readonly network: Network;
  readonly market: HyperliquidMarket;
  private readonly data: HyperliquidMarket;
  private readonly info: InfoClient;

  constructor(private readonly options: HyperliquidExchangeOptions) {
    const now = options.now ?? Date.now;
    this.network = options.network;
    this.info = new InfoClient({ transport: options.transport });
    this.data = new HyperliquidMarket(
      this.info,
      new SharedCache(now, undefined, options.remoteCache),
      now,
    );
    this.market = this.data;
  }

  /** A user's account: reads with `walletAddress`, signs with the API wallet's `privateKey`. */
  account(credentials: AccountCredentials): ExchangeAccount {
    return new HyperliquidAccount(this.info, this.options.transport, this.data, credentials);
  }
}
