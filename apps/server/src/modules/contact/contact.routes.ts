import {
  ContactMessageListQuerySchema,
  ContactMessageListResponseSchema,
  ContactMessageRequestSchema,
  ContactMessageResponseSchema,
} from '@tb/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ContactLimitedError, type ContactService } from './contact.service.js';

/** POST /api/contact (anyone) and GET /api/admin/contact-messages (admins). */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  /**
   * A signed-in sender's message names the account. Anyone may write: a token that is no
   * longer valid sends the message anonymously rather than refusing it.
   */
  const identify = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.headers.authorization) return;
    try {
      await app.authenticate(req, reply);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 401) throw err;
      req.auth = null;
    }
  };

  app.post(
    '/contact',
    {
      onRequest: identify,
      schema: {
        tags: ['contact'],
        summary:
          'Contact Us: stores the message and mails it to every admin; says whether it was mailed',
        body: ContactMessageRequestSchema,
        response: { 201: ContactMessageResponseSchema },
      },
    },
    async (req, reply) => {
      const user = req.auth?.user ?? null;
      try {
        const answer = await contact.send(req.body, {
          ip: req.ip,
          userId: user?.id ?? null,
          username: user?.username ?? null,
        });
        return await reply.status(201).send(answer);
      } catch (err) {
        // The error handler keeps headers set here: tell the client how long to wait.
        if (err instanceof ContactLimitedError) void reply.header('retry-after', err.retryAfterSec);
        throw err;
      }
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Contact Us messages, newest first, with what became of their mail',
        security: [{ bearer: [] }],
        querystring: ContactMessageListQuerySchema,
        response: { 200: ContactMessageListResponseSchema },
      },
    },
    async (req) => contact.list(req.query),
  );
};
