import {
  ImportTradesRequestSchema,
  CreateTradeRequestSchema,
  IdParamsSchema,
  TradeListResponseSchema,
  TradeSchema,
  TradeExitRequestSchema,
  TradeStatusRequestSchema,
  TradeWithStatsResponseSchema,
  UndoExitRequestSchema,
  type Trade,
  UpdateTradeRequestSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { EXCURSIONS_CLOSE_WAIT_MS, type TradeExcursions } from './excursions.js';
import { liveRequestOf } from './idempotency.js';
import type { TradeListAnswers } from './trade-list.js';
import type { TradesService } from './trades.service.js';

const secured = { security: [{ bearer: [] }], tags: ['trades'] };

export const tradesRoutes: FastifyPluginAsyncZod<{
  trades: TradesService;
  list: TradeListAnswers;
  excursions?: Pick<TradeExcursions, 'afterClose'>;
}> = async (app, { trades, list, excursions }) => {
  app.addHook('onRequest', app.authenticate);
  /**
   * After an exit committed: a trade it closed gets its MFE / MAE read from the market, waited
   * for a moment (EXCURSIONS_CLOSE_WAIT_MS) so the answer usually carries them.
   */
  const closed = async <T extends { trade: Trade }>(done: T): Promise<T> => {
    const read = await excursions?.afterClose(done.trade, EXCURSIONS_CLOSE_WAIT_MS);
    return read ? { ...done, trade: { ...done.trade, ...read } } : done;
  };

  app.get(
    '/trades',
    {
      schema: {
        ...secured,
        summary:
          'The journal: OPEN first, then newest. With an ETag (and, as every signed-in answer, `Cache-Control: no-store`): a request whose If-None-Match names the current ETag gets 304 and no body',
        response: {
          200: TradeListResponseSchema,
          304: z.null().describe('Not modified: the ETag in If-None-Match is current'),
        },
      },
      // The whole journal (5 MB of JSON for 5,000 trades), kept encoded per trader while
      // their trades are unchanged (trade-list.ts): it is compressed there, once per version.
      compress: false,
    },
    async (req, reply) => {
      const answer = await list.answer(
        currentUser(req).id,
        {
          ifNoneMatch: req.headers['if-none-match'],
          acceptEncoding: req.headers['accept-encoding'],
        },
        (trades) => reply.serialize(trades) as string,
      );
      // A client that keeps the list asks again with its ETag: 304 while nothing changed.
      reply.header('etag', answer.etag).header('vary', 'accept-encoding');
      if (answer.status === 304) return reply.status(304).send(null);
      if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding);
      // Sent as bytes: the route's serializer checked and wrote them when they were read.
      return reply.type('application/json; charset=utf-8').send(answer.body as never);
    },
  );

  app.post(
    '/trades',
    {
      schema: {
        ...secured,
        summary:
          "Record a new OPEN trade: score, tier and ticked cells from the stored board, sizeUsd at most the suggested size (default), quantity and riskUsd. 403 SESSION_ENDED with reason and reopensAt while the session is ended; counts as one of today's trades even if deleted later. With `order` ({type: limit|market, leverage}) the trade is placed first on the active exchange connection as a bracket (leverage, then entry with reduce-only TP and SL triggers, grouping normalTpsl) and answered with `live`; 400 EXCHANGE_NOT_CONNECTED, 422 EXCHANGE_REJECTED with the exchange's message (nothing stored), 503 when the exchange took the bracket but the journal could not record it yet (it is recorded by itself once the database answers) or when the exchange did not confirm the order (ORDER_UNCONFIRMED: resolved by the app within a minute), 409 LIVE_TRADING_OFF while the user's live-trading switch is off, 409 ACTION_IN_PROGRESS while another live action of the user runs too long. `Idempotency-Key` header (1-255 visible characters): a retry with the same key gets the first answer (kept 24 h), never a second trade or order; 422 IDEMPOTENCY_KEY_REUSED for the same key with another body",
        body: CreateTradeRequestSchema,
        response: { 201: TradeSchema },
      },
    },
    async (req, reply) => {
      const answer = await trades.create(currentUser(req), req.body, liveRequestOf(req));
      return reply.status(answer.status as never).send(answer.body as never);
    },
  );

  app.get(
    '/trades/export.csv',
    {
      schema: {
        ...secured,
        summary:
          'The whole journal as CSV (every trade, hidden ones too): text/csv, saved as trading-bingo-trades-YYYY-MM-DD.csv',
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The journal, one line per trade (columns of core TRADE_CSV_COLUMNS)',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const file = await trades.exportCsv(currentUser(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.csv);
    },
  );

  app.get(
    '/trades/:id',
    {
      schema: {
        ...secured,
        summary: "One of the user's trades, with `live` (its exchange orders) when it was placed",
        params: IdParamsSchema,
        response: { 200: TradeSchema },
      },
    },
    async (req) => trades.get(currentUser(req).id, req.params.id),
  );

  app.put(
    '/trades/:id',
    {
      schema: {
        ...secured,
        summary:
          'Edit an OPEN trade: R/R, quantity and riskUsd follow the new levels at the same sizeUsd',
        params: IdParamsSchema,
        body: UpdateTradeRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => trades.update(currentUser(req), req.params.id, req.body),
  );

  app.put(
    '/trades/:id/status',
    {
      schema: {
        ...secured,
        summary:
          'Target Hit or Stoploss Hit: exitPrice, rMultiple and pnlUsd from the trade itself (profitLoss in the body is ignored); the risk state changes in the same commit. A stoploss at 3 is 403 SESSION_ENDED',
        params: IdParamsSchema,
        body: TradeStatusRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => closed(await trades.close(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/trades/:id/exits',
    {
      schema: {
        ...secured,
        summary:
          "Close by hand at the price it really got: all that is open, or `quantity` units (a partial exit). The last exit closes the trade at the exits' size-weighted price; R and pnlUsd follow from it, and the risk state counts it by its result (0R: break-even, not a stoploss). A loss after the third stoploss is 403 SESSION_ENDED",
        params: IdParamsSchema,
        body: TradeExitRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => closed(await trades.exit(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/trades/:id/undo-exit',
    {
      schema: {
        ...secured,
        summary:
          "Undo the latest exit by hand (Target Hit, Stoploss Hit or a close at a price, in full or in part) within 10 seconds of it: the trade's status, exits and result and the risk state go back to what they were before it, in one commit. `exitCount` names the exit (the number of exits its answer listed). 409 CONFLICT with the reason when there is nothing to undo (also after an edit or a hide), the 10 seconds passed, a later exit was recorded, or the risk state changed since (another trade opened or closed)",
        params: IdParamsSchema,
        body: UndoExitRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => trades.undoExit(currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/trades/import',
    {
      schema: {
        ...secured,
        summary:
          "Import the browser's journal at sign-in: each trade keeps its cells (score and tier recomputed), size and times; stored imported and unverified, not counted toward today's limits",
        body: ImportTradesRequestSchema,
        response: { 201: TradeListResponseSchema },
      },
      // A whole journal in one request.
      bodyLimit: 2 * 1024 * 1024,
    },
    async (req, reply) =>
      reply.status(201).send(await trades.importTrades(currentUser(req).id, req.body)),
  );

  app.post(
    '/trades/:id/hide',
    {
      schema: {
        ...secured,
        summary:
          'Hide one closed trade from the list (statistics, analytics, export and leaderboard keep it); an open one is 409',
        params: IdParamsSchema,
      },
    },
    async (req, reply) => {
      await trades.hide(currentUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/trades/:id',
    {
      schema: {
        ...secured,
        summary:
          'Delete an unverified trade (written to the audit log); a verified one is history: 409 VERIFIED_TRADE',
        params: IdParamsSchema,
      },
    },
    async (req, reply) => {
      await trades.remove(currentUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/trades/clear-history',
    {
      schema: {
        ...secured,
        summary: 'Hide closed trades (kept for statistics)',
        response: { 200: TradeListResponseSchema },
      },
    },
    async (req) => trades.clearHistory(currentUser(req).id),
  );
};
