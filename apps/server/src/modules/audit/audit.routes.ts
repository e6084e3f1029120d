import { AuditLogQuerySchema, AuditLogResponseSchema } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

/** GET /api/admin/audit-log: the newest audit entries (admins only). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/admin/audit-log',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The newest audit entries, with actor and target names',
        security: [{ bearer: [] }],
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogResponseSchema },
      },
    },
    async (req) => audit.list(req.query.limit),
  );
};
