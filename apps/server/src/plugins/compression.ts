import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Compresses the API's answers (JSON, CSV, the OpenAPI document and its viewer under /api/docs)
 * above 1 KB with brotli (quality 4) or gzip, as the client accepts, with
 * `vary: accept-encoding`; files that are compressed already (xlsx) go out as they are.
 * Only routes under /api: the web app's files are compressed at build time and sent as they
 * are (plugins/web.ts), and the paper exchange's answers stay untouched. Request bodies are not
 * decompressed (a compressed body is refused as before). Register before the routes.
 */
export async function registerCompression(app: FastifyInstance) {
  // Runs before the plugin's own onRoute hook, which leaves `compress: false` routes alone.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isApiPath(route.url)) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
