import {
  BingoCardResponseSchema,
  CellIndexParamsSchema,
  PatchCellRequestSchema,
  SaveBingoCardRequestSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { BingoService } from './bingo.service.js';

const secured = { security: [{ bearer: [] }], tags: ['bingo'] };

export const bingoRoutes: FastifyPluginAsyncZod<{ bingo: BingoService }> = async (
  app,
  { bingo },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/bingo/card',
    { schema: { ...secured, summary: 'The boards', response: { 200: BingoCardResponseSchema } } },
    async (req) => ({ success: true, data: await bingo.get(currentUser(req).id) }),
  );

  app.post(
    '/bingo/card',
    {
      schema: {
        ...secured,
        summary: 'Save the boards (version-checked)',
        body: SaveBingoCardRequestSchema,
        response: { 200: BingoCardResponseSchema },
      },
    },
    async (req) => ({
      success: true,
      data: await bingo.save(currentUser(req), req.body),
      message: 'Saved',
    }),
  );

  app.patch(
    '/bingo/card/cell/:index',
    {
      schema: {
        ...secured,
        summary: 'Change one cell (script: turn it into a script cell, null: back)',
        params: CellIndexParamsSchema,
        body: PatchCellRequestSchema,
        response: { 200: BingoCardResponseSchema },
      },
    },
    async (req) => ({
      success: true,
      data: await bingo.patchCell(
        currentUser(req),
        req.params.index,
        req.body.cell,
        req.body.boardId,
      ),
    }),
  );

  app.get(
    '/bingo/export.xlsx',
    { schema: { ...secured, summary: 'The boards as an Excel workbook (premium)' } },
    async (req, reply) => {
      const file = await bingo.exportWorkbook(currentUser(req));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="trading-bingo-boards.xlsx"')
        .send(file);
    },
  );
};
