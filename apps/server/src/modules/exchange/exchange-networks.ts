import {
  addressOfPrivateKey,
  approveAgent,
  generatePrivateKey,
  handlerTransport,
  httpTransport,
  HyperliquidExchange,
  meteredTransport,
  PRIORITY_SHARE,
  WeightMeter,
  type WeightPriority,
  type AccountCredentials,
  type ExchangeAccount,
  type MarketData,
  type MeterStore,
  type Network,
  type RemoteCache,
} from '@tb/hyperliquid';
import { AppWeights, type PaperExchange, type WeightState } from '@tb/paper-exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { badRequest } from '../../lib/app-error.js';
import { currentWeightPriority } from '../../lib/weight-priority.js';

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
 * The in-process paper calls pass no HTTP face and are not charged (see paperRoutes), unless
 * PAPER_APP_WEIGHTS: then the paper exchange charges them as Hyperliquid charges the server's
 * IP, and the app meters them like mainnet's (the live-capacity benchmark).
 */
export class ExchangeNetworks {
  readonly #exchanges = new Map<Network, HyperliquidExchange>();
  /** The weight budgets requests to a network are charged to (paper: PAPER_APP_WEIGHTS only). */
  readonly #meters = new Map<Network, WeightMeter>();
  /** PAPER_APP_WEIGHTS: the paper exchange's count of the app's own calls. */
  readonly appWeights: AppWeights | null = null;

  constructor(
    config: Pick<Config, 'hyperliquidUrls' | 'exchangeTimeoutMs'> &
      Partial<Pick<Config, 'paperAppWeights'>>,
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
      // Real time: Hyperliquid's minute is not the app's (test) clock.
      const meter = new WeightMeter({
        key: `hyperliquid:${network}`,
        ...(meterStore && { store: meterStore }),
      });
      this.#meters.set(network, meter);
      const transport = meteredTransport(
        httpTransport({
          apiUrl: config.hyperliquidUrls[network],
          isTestnet: network === 'testnet',
          timeoutMs,
        }),
        meter,
        { priority: currentWeightPriority },
      );
      const remote = remoteCache?.(network);
      this.#exchanges.set(
        network,
        new HyperliquidExchange({ transport, network, remoteCache: remote, now }),
      );
    }
    if (paper) {
      let transport = this.#paperTransport(timeoutMs);
      if (config.paperAppWeights) {
        const clock = now ?? (() => performance.timeOrigin + performance.now());
        this.appWeights = new AppWeights(paper, clock, meterStore as WeightState | undefined);
        const meter = new WeightMeter({
          key: 'hyperliquid:paper',
          now: clock,
          ...(meterStore && { store: meterStore }),
        });
        this.#meters.set('paper', meter);
        transport = meteredTransport(this.#paperTransport(timeoutMs, this.appWeights), meter, {
          priority: currentWeightPriority,
        });
      }
      const exchange = new HyperliquidExchange({ transport, network: 'paper', now });
      this.#exchanges.set('paper', exchange);
      // A pinned mark (PAPER_CONTROL: tests, demos) is the app's price at once, not in a second.
      paper.onMarkPinned?.(() => exchange.market.forgetMids());
    }
  }

  /**
   * Whether `weight` more fits in the network's budget at `priority` now (a network the app
   * does not meter always has room): the reconciler's sweep asks before it reads.
   */
  async hasRoom(network: Network, priority: WeightPriority, weight: number): Promise<boolean> {
    const meter = this.#meters.get(network);
    return !meter || (await meter.available(PRIORITY_SHARE[priority])) >= weight;
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

  /** Every `everyMs`, a log line of what the app's paper calls spent (PAPER_APP_WEIGHTS). */
  logAppWeights(log: FastifyBaseLogger, everyMs = 60_000): () => void {
    const weights = this.appWeights;
    if (!weights) return () => undefined;
    const timer = setInterval(() => {
      log.info({ appWeights: weights.takeTally(), everyMs }, 'paper: weight of the app calls');
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  #paperTransport(timeoutMs: number, weights?: AppWeights) {
    const paper = this.#requirePaper();
    return handlerTransport({
      isTestnet: true,
      timeoutMs,
      // A request the transport gave up on (504) is not committed later.
      handle: (endpoint, body, signal) =>
        weights
          ? weights.handle(endpoint, body, signal)
          : endpoint === 'info'
            ? paper.info(body)
            : paper.exchange(body, signal),
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
