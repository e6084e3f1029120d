import {
  BalanceSchema,
  CancelOrderParamsSchema,
  CancelOrderQuerySchema,
  CloseAllResultSchema,
  exchangeResponseSchema,
  HistoryQuerySchema,
  LeverageRequestSchema,
  OpenOrderSchema,
  OrderHistoryRowSchema,
  OrderRequestSchema,
  PlacedOrderSchema,
  PositionSchema,
  TradeHistoryRowSchema,
  ConnectionQuerySchema,
  SymbolParamsSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { exchangeRouteMessages as m } from './exchange-errors.js';
import type { ExchangeService } from './exchange.service.js';

const secured = { security: [{ bearer: [] }], tags: ['exchange'] };
const connection = ConnectionQuerySchema.shape;
const ok = <T extends z.ZodType>(data: T) => ({ 200: exchangeResponseSchema(data) });
const withMessage = <T extends z.ZodType>(data: T) =>
  exchangeResponseSchema(data).extend({ message: z.string() });

/** The signed-in user's account on their connected exchange (docs/API.md). */
export const exchangeAccountRoutes: FastifyPluginAsyncZod<{ exchange: ExchangeService }> = async (
  app,
  { exchange },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/exchange/account',
    {
      schema: {
        ...secured,
        summary: 'Balance: free, used and total by coin, and the USDC value',
        querystring: ConnectionQuerySchema,
        response: ok(BalanceSchema),
      },
    },
    async (req) => ({
      success: true as const,
      data: await exchange.withAccount(
        currentUser(req).id,
        req.query.connectionId,
        m.account,
        (a) => a.balance(),
      ),
    }),
  );

  app.get(
    '/exchange/positions',
    {
      schema: {
        ...secured,
        summary: 'Open positions',
        querystring: ConnectionQuerySchema,
        response: ok(z.array(PositionSchema)),
      },
    },
    async (req) => ({
      success: true as const,
      data: await exchange.withAccount(
        currentUser(req).id,
        req.query.connectionId,
        m.positions,
        (a) => a.positions(),
      ),
    }),
  );

  app.get(
    '/exchange/orders',
    {
      schema: {
        ...secured,
        summary: 'Open orders',
        querystring: ConnectionQuerySchema,
        response: ok(z.array(OpenOrderSchema)),
      },
    },
    async (req) => ({
      success: true as const,
      data: await exchange.withAccount(currentUser(req).id, req.query.connectionId, m.orders, (a) =>
        a.openOrders(),
      ),
    }),
  );

  app.get(
    '/exchange/myTrades',
    {
      schema: {
        ...secured,
        summary: 'Fills, newest first',
        querystring: HistoryQuerySchema.extend(connection),
        response: ok(z.array(TradeHistoryRowSchema)),
      },
    },
    async (req) => {
      const { connectionId, ...query } = req.query;
      return {
        success: true as const,
        data: await exchange.withAccount(currentUser(req).id, connectionId, m.myTrades, (a) =>
          a.myTrades(query),
        ),
      };
    },
  );

  app.get(
    '/exchange/orders/history',
    {
      schema: {
        ...secured,
        summary: 'Order history, newest first',
        querystring: HistoryQuerySchema.extend(connection),
        response: ok(z.array(OrderHistoryRowSchema)),
      },
    },
    async (req) => {
      const { connectionId, ...query } = req.query;
      return {
        success: true as const,
        data: await exchange.withAccount(currentUser(req).id, connectionId, m.orderHistory, (a) =>
          a.orderHistory(query),
        ),
      };
    },
  );

  app.post(
    '/exchange/order',
    {
      schema: {
        ...secured,
        summary: 'Place an order (refused while the session is ended, unless reduce-only)',
        querystring: ConnectionQuerySchema,
        body: OrderRequestSchema,
        response: { 201: withMessage(PlacedOrderSchema) },
      },
    },
    async (req, reply) => {
      const placed = await exchange.placeOrder(currentUser(req), req.query.connectionId, req.body);
      return reply
        .status(201)
        .send({ success: true, data: placed, message: 'Order placed successfully' });
    },
  );

  app.delete(
    '/exchange/order/:id',
    {
      schema: {
        ...secured,
        summary: 'Cancel an open order (by asset id, or a symbol)',
        params: CancelOrderParamsSchema,
        querystring: CancelOrderQuerySchema.safeExtend(connection),
        response: { 200: withMessage(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      const { connectionId, ...query } = req.query;
      await exchange.cancelOrder(currentUser(req).id, connectionId, req.params.id, query);
      return {
        success: true as const,
        data: { id: String(req.params.id) },
        message: 'Order cancelled successfully',
      };
    },
  );

  app.post(
    '/exchange/leverage',
    {
      schema: {
        ...secured,
        summary:
          "Set the leverage of a market (updateLeverage; 1 to the asset's maximum, cross unless isCross is false)",
        querystring: ConnectionQuerySchema,
        body: LeverageRequestSchema,
        response: ok(z.object({ symbol: z.string(), leverage: z.number(), isCross: z.boolean() })),
      },
    },
    async (req) => ({
      success: true as const,
      data: await exchange.setLeverage(currentUser(req).id, req.query.connectionId, req.body),
    }),
  );

  app.post(
    '/exchange/positions/close-all',
    {
      schema: {
        ...secured,
        summary: 'Close every position at market (reduce-only; allowed while the session is ended)',
        querystring: ConnectionQuerySchema,
        response: ok(CloseAllResultSchema),
      },
    },
    async (req) => ({
      success: true as const,
      data: await exchange.closeAll(currentUser(req).id, req.query.connectionId),
    }),
  );

  app.post(
    '/exchange/positions/:symbol/close',
    {
      schema: {
        ...secured,
        summary: "Close one position at market, at the market's size precision (reduce-only)",
        params: SymbolParamsSchema,
        querystring: ConnectionQuerySchema,
        response: ok(CloseAllResultSchema),
      },
    },
    async (req) => ({
      success: true as const,
      data: await exchange.closeAll(currentUser(req).id, req.query.connectionId, req.params.symbol),
    }),
  );
};
