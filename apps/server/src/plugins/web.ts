import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

type SendPage = (reply: FastifyReply) => FastifyReply;

/**
 * Source maps are never served (the build emits none; this holds should one appear), nor are
 * the precompressed variants asked for by name: they are sent in place of their file.
 */
const REFUSED = /\.(?:map|br|gz)$/i;

/** The content codings the build writes beside each file, in the server's order of preference. */
const CODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** Whether an Accept-Encoding header accepts `coding` (listed, or `*`, with a q above 0). */
export function acceptsCoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let accepted = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return ok;
    if (name === '*') accepted = ok;
  }
  return accepted;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated; each
 * file as the brotli or gzip variant the build wrote beside it when the client accepts one
 * (`vary: accept-encoding`), the file itself otherwise. Returns the function that answers with
 * index.html (for client routes, see registerNotFoundHandler), or undefined when the web app is
 * not built (API only, as in tests).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<SendPage | undefined> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const indexHtml = readFileSync(indexPath);
  const indexVariants = CODINGS.flatMap(([coding, ext]) =>
    existsSync(indexPath + ext) ? [{ coding, body: readFileSync(indexPath + ext) }] : [],
  );
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathname) => !REFUSED.test(pathname),
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  const sendIndex: SendPage = (reply) => {
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const accepted = reply.request.headers['accept-encoding'];
    const variant = indexVariants.find((v) => acceptsCoding(accepted, v.coding));
    if (!variant) return reply.send(indexHtml);
    return reply.header('content-encoding', variant.coding).send(variant.body);
  };
  // The static plugin refuses the bare folder; the app's home page is index.html.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  return sendIndex;
}
