import {
  addressOfPrivateKey,
  approveAgent,
  generatePrivateKey,
  handlerTransport,
  httpTransport,
  HyperliquidExchange,
  meteredTransport,
  WeightMeter,
  type AccountCredentials,
  type ExchangeAccount,
  type MarketData,
  type MeterStore,
  type Network,
  type RemoteCache,
} from '@tb/hyperliquid';
import type { PaperExchange } from '@tb/paper-exchange';
import type { Config } from '../../config.js';
import { badRequest } from '../../lib/app-error.js';

/** Keys of a freshly created paper account: the master address and its approved API wallet. */
export interface PaperAccountKeys {
  walletAddress: `0x${string}`;
  apiKey: `0x${string}`;
  privateKey: `0x${string}`;
}

/**
 * One HyperliquidExchange per network, made once per app, so the public market data cache is
 * shared by every user of a network (DESIGN.md section 5), and with Redis by every instance
 * (section 10). `paper` talks to the mounted paper exchange in process (its prices are computed,
 * the same on every instance); testnet and mainnet over HTTP with the configured URLs and
 * time-out, each request charged first to the network's weight budget (Hyperliquid's 1,200 a
 * minute per IP, DESIGN.md section 13), shared by every instance through `meterStore` (Redis).
 * The in-process paper calls pass no HTTP face and are not charged (see paperRoutes).
 */
export class ExchangeNetworks {
  readonly #exchanges = new Map<Network, HyperliquidExchange>();

  constructor(
    config: Pick<Config, 'hyperliquidUrls' | 'exchangeTimeoutMs'>,
    private readonly paper: PaperExchange | null,
    /** The market cache several instances share (Redis), per network; none in one process. */
    remoteCache?: (network: 'mainnet' | 'testnet') => RemoteCache,
    /** Epoch ms of the app's clock (AppDeps.now): the market cache's expiry, candle windows. */
    now?: () => number,
    /** Where the weight budgets of mainnet and testnet count (the app's shared state). */
    meterStore?: MeterStore,
  ) {
    const timeoutMs = config.exchangeTimeoutMs;
    for (const network of ['mainnet', 'testnet'] as const) {
      const transport = meteredTransport(
        httpTransport({
          apiUrl: config.hyperliquidUrls[network],
          isTestnet: network === 'testnet',
          timeoutMs,
        }),
        // Real time: Hyperliquid's minute is not the app's (test) clock.
        new WeightMeter({
          key: `hyperliquid:${network}`,
          ...(meterStore && { store: meterStore }),
        }),
      );
      const remote = remoteCache?.(network);
      this.#exchanges.set(
        network,
        new HyperliquidExchange({ transport, network, remoteCache: remote, now }),
      );
    }
    if (paper) {
      this.#exchanges.set(
        'paper',
        new HyperliquidExchange({
          transport: this.#paperTransport(timeoutMs),
          network: 'paper',
          now,
        }),
      );
    }
  }

  /** Public market data of a network. */
  market(network: Network): MarketData {
    return this.#exchange(network).market;
  }

  /** One user's account; the credentials live only as long as the returned object. */
  account(network: Network, credentials: AccountCredentials): ExchangeAccount {
    return this.#exchange(network).account(credentials);
  }

  /**
   * A new paper account in one step (DESIGN.md section 4): a master wallet funded by the faucet
   * and an API wallet approved by it. The master key is dropped here: the app keeps only the
   * API wallet, exactly as with a real Hyperliquid account.
   */
  async createPaperAccount(): Promise<PaperAccountKeys> {
    const paper = this.#requirePaper();
    const masterPrivateKey = generatePrivateKey();
    const walletAddress = addressOfPrivateKey(masterPrivateKey);
    const privateKey = generatePrivateKey();
    const apiKey = addressOfPrivateKey(privateKey);
    const funded = await paper.faucet({ user: walletAddress });
    if (funded.status !== 200) {
      throw new Error(`paper faucet answered ${funded.status}: ${JSON.stringify(funded.body)}`);
    }
    await approveAgent({
      transport: this.#paperTransport(10_000),
      masterPrivateKey,
      agentAddress: apiKey,
      agentName: 'Trading Bingo',
    });
    return { walletAddress, apiKey, privateKey };
  }

  #paperTransport(timeoutMs: number) {
    const paper = this.#requirePaper();
    return handlerTransport({
      isTestnet: true,
      timeoutMs,
      // A request the transport gave up on (504) is not committed later.
      handle: (endpoint, body, signal) =>
        endpoint === 'info' ? paper.info(body) : paper.exchange(body, signal),
    });
  }

  #requirePaper(): PaperExchange {
    if (!this.paper) throw paperOff();
    return this.paper;
  }

  #exchange(network: Network): HyperliquidExchange {
    const exchange = this.#exchanges.get(network);
    if (!exchange) throw paperOff();
    return exchange;
  }
}

const paperOff = () =>
  badRequest('The paper exchange is turned off on this server (PAPER_EXCHANGE=false)', 'network');
