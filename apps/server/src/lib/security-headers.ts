import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The headers @fastify/helmet sets with `options`, computed once. The plugin builds its
 * middleware anew on every request (parsing the CSP directives each time); with options that
 * do not depend on the request the headers are the same for all, so they are read once from a
 * throwaway instance with the very same plugin and options.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // In the handler the raw response holds what helmet set, and nothing of Fastify's yet.
  probe.get('/', async (_req, reply) => reply.raw.getHeaders());
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.json() as Record<string, unknown>)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Sends helmet's headers (with `options`) on every response, built once at start-up. Set in
 * `onRequest` like the plugin does, so errors and 404s carry them too.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
