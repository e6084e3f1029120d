import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** An HTML document of the build, as written and in each precompressed variant there is. */
interface Document {
  body: Buffer;
  variants: { coding: string; body: Buffer }[];
}

function readDocument(path: string): Document {
  return {
    body: readFileSync(path),
    variants: CODINGS.flatMap(([coding, ext]) =>
      existsSync(path + ext) ? [{ coding, body: readFileSync(path + ext) }] : [],
    ),
  };
}

/**
 * The build's per-page documents (`pages/<name>.html`, for `/<name>`: index.html that also asks
 * for the page's own chunks, see apps/web/build/page-chunks.ts), by path.
 */
function readPageDocuments(distDir: string): Map<string, Document> {
  const dir = join(distDir, 'pages');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, readDocument(join(dir, file))]),
  );
}

/** The built web app's documents, read once at start-up. */
export interface WebDocuments {
  distDir: string;
  index: Document;
  /** Per-page documents by path. */
  pages: Map<string, Document>;
  /** CSP sources (`'sha256-...'`) of the inline scripts of every document. */
  inlineScripts: string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * Reads the documents of the web app built into `distDir`, or returns undefined when it is not
 * built (API only, as in tests).
 */
export function readWebDocuments(distDir: string): WebDocuments | undefined {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const index = readDocument(indexPath);
  const pages = readPageDocuments(distDir);
  const inlineScripts = new Set<string>();
  for (const doc of [index, ...pages.values()]) {
    for (const [, script = ''] of doc.body.toString('utf8').matchAll(INLINE_SCRIPT)) {
      inlineScripts.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
  }
  return { distDir, index, pages, inlineScripts: [...inlineScripts] };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated; each
 * file as the brotli or gzip variant the build wrote beside it when the client accepts one
 * (`vary: accept-encoding`), the file itself otherwise. Returns the function that answers a
 * client route with its page (index.html, or the page's own document where the build wrote
 * one; see registerNotFoundHandler), or undefined without a built web app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  web: WebDocuments | undefined,
): Promise<SendPage | undefined> {
  if (!web) return undefined;
  const { distDir, index, pages } = web;
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
  const sendPage: SendPage = (reply) => {
    const path = reply.request.url.split('?')[0] ?? '/';
    const page = pages.get(path.length > 1 ? path.replace(/\/+$/, '') : path) ?? index;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const accepted = reply.request.headers['accept-encoding'];
    const variant = page.variants.find((v) => acceptsCoding(accepted, v.coding));
    if (!variant) return reply.send(page.body);
    return reply.header('content-encoding', variant.coding).send(variant.body);
  };
  // The static plugin refuses the bare folder; the app's home page is index.html.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendPage(reply));
  return sendPage;
}
