import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

type SendPage = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated.
 * Returns the function that answers with index.html (for client routes, see
 * registerNotFoundHandler), or undefined when the web app is not built (API only, as in tests).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<SendPage | undefined> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const indexHtml = readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  const sendIndex: SendPage = (reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  // The static plugin refuses the bare folder; the app's home page is index.html.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  return sendIndex;
}
