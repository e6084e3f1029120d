import {
  ApiKeyListItemSchema,
  ApiKeyListResponseSchema,
  ApiKeyRequestSchema,
  ApiKeyUpdateRequestSchema,
  text,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import type { ApiKeysService } from './api-keys.service.js';

const secured = { security: [{ bearer: [] }], tags: ['api-keys'] };
/** Any text: a malformed id is simply not one of the user's keys (404, not 400). */
const KeyIdParamsSchema = z.object({ id: text('Id').max(100) });
const KeyAnswerSchema = z.object({
  success: z.literal(true),
  data: ApiKeyListItemSchema,
  message: z.string(),
});

/** The API key manager (SPEC.md section 7, under /api). Secrets only ever go in, masked out. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (
  app,
  { keys },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api-keys',
    {
      schema: {
        ...secured,
        summary: 'Stored exchange keys (masked)',
        response: { 200: ApiKeyListResponseSchema },
      },
    },
    async (req) => ({ success: true, data: await keys.list(currentUser(req).id) }),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        ...secured,
        summary: 'Store an exchange key (network paper: a paper account is made)',
        body: ApiKeyRequestSchema,
        response: { 201: KeyAnswerSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true,
        data: await keys.create(currentUser(req), req.body),
        message: 'API key added successfully',
      }),
  );

  app.put(
    '/api-keys/:id',
    {
      schema: {
        ...secured,
        summary: 'Replace a stored key (exchange and network locked)',
        params: KeyIdParamsSchema,
        body: ApiKeyUpdateRequestSchema,
        response: { 200: KeyAnswerSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await keys.update(currentUser(req), req.params.id, req.body),
      message: 'API key updated successfully',
    }),
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        ...secured,
        summary: 'Delete a stored key',
        params: KeyIdParamsSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (req) => {
      await keys.remove(currentUser(req), req.params.id);
      return { success: true as const, message: 'API key deleted successfully' };
    },
  );
};
