import type { Cloid } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/app-error.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import { symbolBase } from '@tb/core';
import type {
  BracketPlacer,
  LiveBracket,
  LiveExit,
  PlacedExit,
  PlacedLive,
} from '../trades/trades-live.js';
import { callExchange, exchangeRouteMessages as m } from './exchange-errors.js';
import type { ExchangeNetworks } from './exchange-networks.js';

const oidText = (oid: number | null) => (oid === null ? null : String(oid));

/**
 * Places journal trades as brackets on the user's active connection (the trades module's
 * BracketPlacer): leverage first (updateLeverage, refused above the asset's maximum), then
 * one normalTpsl `order` action; failures answer as the order route's (callExchange).
 */
export function bracketPlacer(deps: {
  keys: ApiKeysService;
  networks: ExchangeNetworks;
  log: FastifyBaseLogger;
}): BracketPlacer {
  const accountOf = async (userId: string, connectionId?: string) => {
    const connection = await deps.keys.resolve(userId, connectionId);
    return {
      connection,
      account: deps.networks.account(connection.network, connection.credentials),
    };
  };
  return {
    async activeConnection(userId: string, connectionId?: string): Promise<string> {
      return (await deps.keys.resolveControlled(userId, connectionId)).id;
    },

    async place(userId, connectionId, bracket: LiveBracket, cloids): Promise<PlacedLive> {
      const { connection, account } = await accountOf(userId, connectionId);
      const placed = await callExchange(m.placeOrder, deps.log, async () => {
        const max = await account.maxLeverage(bracket.pair);
        if (bracket.leverage > max) {
          throw badRequest(m.leverageAboveMax(bracket.pair, max), 'order.leverage');
        }
        await account.setLeverage(bracket.pair, bracket.leverage, true);
        return account.placeBracket({
          symbol: bracket.pair,
          isLong: bracket.isLong,
          sizeUsd: bracket.sizeUsd,
          entryPrice: bracket.entryPrice,
          takeProfit: bracket.takeProfit,
          stopLoss: bracket.stopLoss,
          entryType: bracket.type,
          cloids: cloids as { entry: Cloid; takeProfit: Cloid; stopLoss: Cloid },
        });
      });
      await deps.keys.markUsed(connection.id);
      return {
        connectionId: connection.id,
        coin: placed.coin,
        cloids,
        orders: {
          entry: oidText(placed.orders.entry),
          takeProfit: oidText(placed.orders.takeProfit),
          stopLoss: oidText(placed.orders.stopLoss),
        },
      };
    },

    async cancelCloids(userId, connectionId, pair, cloids): Promise<void> {
      const { account } = await accountOf(userId, connectionId);
      await callExchange(m.cancelOrder, deps.log, () =>
        account.cancelByCloids(pair, cloids as Cloid[]),
      );
    },

    async positionMark(userId, connectionId, pair): Promise<number | null> {
      const { account } = await accountOf(userId, connectionId);
      const coin = symbolBase(pair)?.toUpperCase();
      const positions = await callExchange(m.positions, deps.log, () => account.positions());
      const held = positions.find((p) => symbolBase(p.symbol)?.toUpperCase() === coin);
      return held ? held.markPrice : null;
    },

    async orders(userId, connectionId, cloids) {
      const { account } = await accountOf(userId, connectionId);
      const found = await callExchange(m.orderStatus, deps.log, () =>
        Promise.all(cloids.map((cloid) => account.orderByCloid(cloid as Cloid))),
      );
      return new Map(cloids.map((cloid, i) => [cloid, found[i] ?? null]));
    },

    async placeStop(userId, connectionId, stop: LiveExit & { triggerPx: number; cloid: string }) {
      const { account } = await accountOf(userId, connectionId);
      const cloid = stop.cloid as Cloid;
      const placed = await callExchange(m.placeOrder, deps.log, () =>
        account.placeStop({ symbol: stop.pair, ...stop, cloid }),
      );
      return { oid: oidText(placed.oid), cloid };
    },

    async closeMarket(userId, connectionId, close): Promise<PlacedExit> {
      const { account } = await accountOf(userId, connectionId);
      const cloid = close.cloid as Cloid;
      const placed = await callExchange(m.placeOrder, deps.log, () =>
        account.placeOrder(
          {
            symbol: close.pair,
            side: close.isLong ? 'sell' : 'buy',
            size: close.size,
            price: null,
            orderType: 'market',
            reduceOnly: true,
          },
          cloid,
        ),
      );
      return { oid: placed.id, cloid };
    },
  };
}
