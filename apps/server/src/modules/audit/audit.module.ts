import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import { AuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { AuditService } from './audit.service.js';

/** The audit log as the admin panel reads it (every module writes its own entries). */
export async function registerAudit(api: FastifyInstance, { db }: ModuleDeps): Promise<void> {
  await api.register(auditRoutes, { audit: new AuditService(new AuditRepository(db)) });
}
