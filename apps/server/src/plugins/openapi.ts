import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document at /api/openapi.json, interactive docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Trading Bingo API',
        version,
        description:
          'Errors answer `{ "error": { "code", "message", "field"? } }`; 403 `SESSION_ENDED` and 409 `COOLDOWN` also carry `reason` (STOPLOSSES, DAILY_TRADES or DAILY_LOSS) and `reopensAt` (ISO instant trading opens again). Authenticate with `Authorization: Bearer <token>` from login.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
