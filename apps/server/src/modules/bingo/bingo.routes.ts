import {
  BingoCardResponseSchema,
  CellIndexParamsSchema,
  PatchCellRequestSchema,
  premiumLockTexts,
  SaveBingoCardRequestSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/auth.js';
import type { UsersService } from '../users/users.service.js';
import { bingoWorkbook } from './bingo-export.js';
import type { BingoService } from './bingo.service.js';

const secured = { security: [{ bearer: [] }], tags: ['bingo'] };

export const bingoRoutes: FastifyPluginAsyncZod<{
  bingo: BingoService;
  users: UsersService;
}> = async (app, { bingo, users }) => {
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
    async (req) => {
      const user = currentUser(req);
      const premium = await users.isPremium(user, new Date());
      return {
        success: true,
        data: await bingo.save(user.id, req.body, premium),
        message: 'Saved',
      };
    },
  );

  app.patch(
    '/bingo/card/cell/:index',
    {
      schema: {
        ...secured,
        summary: 'Change one cell',
        params: CellIndexParamsSchema,
        body: PatchCellRequestSchema,
        response: { 200: BingoCardResponseSchema },
      },
    },
    async (req) => ({
      success: true,
      data: await bingo.patchCell(
        currentUser(req).id,
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
      const user = currentUser(req);
      if (!(await users.isPremium(user, new Date()))) {
        throw new AppError(403, 'PREMIUM_REQUIRED', premiumLockTexts.defaultMessage);
      }
      const file = await bingoWorkbook(await bingo.get(user.id));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="trading-bingo-boards.xlsx"')
        .send(file);
    },
  );
};
