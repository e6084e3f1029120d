import type {
  CancelOrderQuery,
  CloseAllResult,
  LeverageRequest,
  MarketPrice,
  OpenOrder,
  PlacedOrder,
  Position,
  ValidOrderRequest,
} from '@tb/core';
import type { ExchangeAccount, MarketData, Network } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { TradesService } from '../trades/trades.service.js';
import { callExchange, exchangeRouteMessages as m } from './exchange-errors.js';
import type { ExchangeNetworks } from './exchange-networks.js';
import { marketPriceOf } from './market-price.js';
import { OrderEvents, type OrderListener } from './order-events.js';

export interface ExchangeDeps {
  keys: ApiKeysService;
  networks: ExchangeNetworks;
  trades: TradesService;
  /** Network of signed-out callers' market data (MARKET_DATA_NETWORK). */
  marketNetwork: Network;
  log: FastifyBaseLogger;
  now: Clock;
}

/**
 * The exchange proxy: resolves the user's connection, opens its key only for the call, maps
 * failures to SPEC.md's messages, applies the discipline lock to new orders, and reports each
 * change as an order event (signals subscribe to them).
 */
export class ExchangeService {
  readonly #now: Clock;
  readonly #events: OrderEvents;

  constructor(private readonly deps: ExchangeDeps) {
    this.#now = deps.now;
    this.#events = new OrderEvents((err) =>
      deps.log.warn({ reason: err instanceof Error ? err.message : 'unknown' }, 'order listener'),
    );
  }

  /** Calls `listener` after every order placed or cancelled and every close-all. */
  onOrderEvent(listener: OrderListener): void {
    this.#events.subscribe(listener);
  }

  /** Runs one call on the user's account and records the connection's use. */
  async withAccount<T>(
    userId: string,
    connectionId: string | undefined,
    routeMessage: string,
    call: (account: ExchangeAccount) => Promise<T>,
    { controlled = false } = {},
  ): Promise<T> {
    // What opens risk needs an API wallet that acts for the account (DESIGN.md section 11).
    const connection = controlled
      ? await this.deps.keys.resolveControlled(userId, connectionId)
      : await this.deps.keys.resolve(userId, connectionId);
    const account = this.deps.networks.account(connection.network, connection.credentials);
    const result = await callExchange(routeMessage, this.deps.log, () => call(account));
    await this.deps.keys.markUsed(connection.id);
    return result;
  }

  /**
   * Places an order. While the session is ended (3 stoplosses, or the daily trade limit) only
   * reduce-only orders pass: closing risk stays possible, opening new risk does not.
   */
  async placeOrder(
    user: UserRow,
    connectionId: string | undefined,
    order: ValidOrderRequest,
  ): Promise<PlacedOrder> {
    if (!order.reduceOnly) await this.deps.trades.ensureSessionOpen(user);
    let account: ExchangeAccount | undefined;
    const placed = await this.withAccount(
      user.id,
      connectionId,
      m.placeOrder,
      (a) => {
        account = a;
        return a.placeOrder(order);
      },
      { controlled: !order.reduceOnly },
    );
    this.#events.emit({
      kind: 'order-placed',
      userId: user.id,
      at: this.#now(),
      order,
      placed,
      positions: placed.filled > 0 && account ? positionsOf(account) : null,
    });
    return placed;
  }

  async cancelOrder(
    userId: string,
    connectionId: string | undefined,
    orderId: number,
    query: CancelOrderQuery,
  ): Promise<void> {
    await this.withAccount(userId, connectionId, m.cancelOrder, async (account) => {
      const assetId = query.assetId ?? (await account.assetId(query.symbol!));
      await account.cancelOrder(orderId, assetId);
    });
    this.#events.emit({
      kind: 'order-cancelled',
      userId,
      at: this.#now(),
      orderId,
      symbol: query.symbol ?? null,
    });
  }

  /**
   * Sends `updateLeverage` on the connection. Not a trade, so the session lock does not apply;
   * a leverage above the asset's maximum is the trader's to fix (400, field `leverage`).
   */
  async setLeverage(
    userId: string,
    connectionId: string | undefined,
    body: LeverageRequest,
  ): Promise<LeverageRequest> {
    const { symbol, leverage, isCross } = body;
    await this.withAccount(userId, connectionId, m.leverage, async (a) => {
      const max = await a.maxLeverage(symbol);
      if (leverage > max) throw badRequest(m.leverageAboveMax(symbol, max), 'leverage');
      await a.setLeverage(symbol, leverage, isCross);
    });
    return { symbol, leverage, isCross };
  }

  /**
   * Reduce-only market orders for every position, or only `symbol`'s: allowed while the session
   * is ended.
   */
  async closeAll(
    userId: string,
    connectionId: string | undefined,
    symbol?: string,
  ): Promise<CloseAllResult> {
    let account: ExchangeAccount | undefined;
    const result = await this.withAccount(userId, connectionId, m.closeAll, (a) => {
      account = a;
      return a.closeAllPositions(symbol);
    });
    if (result.closed.length && account) {
      this.#events.emit({
        kind: 'positions-closed',
        userId,
        at: this.#now(),
        positions: positionsOf(account),
      });
    }
    return result;
  }

  /** Positions and open orders for the test signal; empty when no exchange is connected. */
  async snapshot(userId: string): Promise<{ positions: Position[]; orders: OpenOrder[] }> {
    try {
      const positions = await this.withAccount(userId, undefined, m.positions, (a) =>
        a.positions(),
      );
      const orders = await this.withAccount(userId, undefined, m.orders, (a) => a.openOrders());
      return { positions, orders };
    } catch (err) {
      if (err instanceof AppError && err.code === 'EXCHANGE_NOT_CONNECTED') {
        return { positions: [], orders: [] };
      }
      throw err;
    }
  }

  /** Market data of the user's connection network, or the default network when signed out. */
  async market(userId: string | null): Promise<MarketData> {
    const network =
      (userId && (await this.deps.keys.activeNetwork(userId))) || this.deps.marketNetwork;
    return this.deps.networks.market(network);
  }

  /** The market price of a journal pair for the trade bounds, or null (marketPriceOf). */
  marketPrice(pair: string): Promise<MarketPrice | null> {
    return marketPriceOf(this.deps.networks, this.deps.marketNetwork, pair);
  }
}

/** Reads the account's positions when a listener asks, after the change. */
const positionsOf = (account: ExchangeAccount) => () => account.positions();
