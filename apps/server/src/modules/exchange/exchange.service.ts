import type {
  CancelOrderQuery,
  CloseAllResult,
  LeverageRequest,
  OpenOrder,
  PlacedOrder,
  Position,
  ValidOrderRequest,
} from '@tb/core';
import type { ExchangeAccount, MarketData, Network } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import {
  orderCancelledEmbed,
  orderPlacedEmbed,
  positionsTableEmbed,
} from '../signals/signal-embeds.js';
import type { SignalsService } from '../signals/signals.service.js';
import type { TradesService } from '../trades/trades.service.js';
import { callExchange, exchangeRouteMessages as m } from './exchange-errors.js';
import type { ExchangeNetworks } from './exchange-networks.js';

export interface ExchangeDeps {
  keys: ApiKeysService;
  networks: ExchangeNetworks;
  trades: TradesService;
  signals: SignalsService;
  /** Network of signed-out callers' market data (MARKET_DATA_NETWORK). */
  marketNetwork: Network;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The exchange proxy: resolves the user's connection, opens its key only for the call, maps
 * failures to SPEC.md's messages, applies the discipline lock to new orders, and reports orders
 * as signals (fire-and-forget).
 */
export class ExchangeService {
  readonly #now: () => Date;

  constructor(private readonly deps: ExchangeDeps) {
    this.#now = deps.now ?? (() => new Date());
  }

  /** Runs one call on the user's account and records the connection's use. */
  async withAccount<T>(
    userId: string,
    connectionId: string | undefined,
    routeMessage: string,
    call: (account: ExchangeAccount) => Promise<T>,
  ): Promise<T> {
    const connection = await this.deps.keys.resolve(userId, connectionId);
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
    const placed = await this.withAccount(user.id, connectionId, m.placeOrder, (a) => {
      account = a;
      return a.placeOrder(order);
    });
    const now = this.#now();
    const parts: Parameters<SignalsService['publish']>[1] = [
      { type: 'orders', embed: () => orderPlacedEmbed(order, placed, now) },
    ];
    if (placed.filled > 0 && account) parts.push(this.positionsPart(account));
    this.deps.signals.publish(user.id, parts);
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
    const now = this.#now();
    this.deps.signals.publish(userId, [
      {
        type: 'cancels',
        embed: () => orderCancelledEmbed({ orderId, symbol: query.symbol ?? null }, now),
      },
    ]);
  }

  async setLeverage(userId: string, connectionId: string | undefined, body: LeverageRequest) {
    await this.withAccount(userId, connectionId, m.leverage, (a) =>
      a.setLeverage(body.symbol, body.leverage),
    );
    return { symbol: body.symbol, leverage: body.leverage };
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
    if (result.closed.length && account)
      this.deps.signals.publish(userId, [this.positionsPart(account)]);
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

  private positionsPart(account: ExchangeAccount) {
    return {
      type: 'positions' as const,
      embed: async () => positionsTableEmbed(await account.positions(), this.#now()),
    };
  }
}
