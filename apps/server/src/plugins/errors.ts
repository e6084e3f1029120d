import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, appErrorBody } from '../lib/app-error.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';

/** Messages for Fastify's own 4xx errors, which otherwise read like stack traces. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request has an invalid Content-Length.',
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'BAD_REQUEST',
  429: 'RATE_LIMITED',
};

/**
 * The one error handler: every failure leaves as `{ error: { code, message, field? } }`
 * (DESIGN.md section 3), plus the failure's details (`reason`, `reopensAt` of 403
 * SESSION_ENDED and 409 COOLDOWN). 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(appErrorBody(err));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = first?.message ?? 'Invalid request';
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION_ERROR', message, ...(field && { field }) } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Please wait a minute and try again.',
        },
      });
    }
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[err.code] ?? err.message;
      return reply
        .status(status)
        .send({ error: { code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message } });
    }
    // The logger's err serializer (lib/log-errors.ts) keeps query parameters out of the line.
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply.status(503).send({
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      },
    });
  });
}

/**
 * Unknown paths: GET and HEAD outside /api get the web app's page (when one is served) so the
 * client router takes over; everything else a 404 in the error shape.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  sendPage?: (reply: FastifyReply) => FastifyReply,
) {
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // A missing file (an old hashed chunk, say) is a 404, not the page: a browser must not run
    // HTML as a script. Client routes have no file extension.
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/assets/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (sendPage && isPage) return sendPage(reply);
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${req.method} ${path}` } });
  });
}
