import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { limitWeights, type PaperRateLimit } from './rate-limit/limit-weights.js';
import type { PaperExchange, PaperReply } from './types.js';

/**
 * JSON, except Hyperliquid's 422: its body is the bare text `Failed to deserialize…` with
 * `text/plain` (a client that parsed a JSON string there would get a string, not an error).
 */
function send(reply: FastifyReply, answer: PaperReply): FastifyReply {
  if (answer.status === 422 && typeof answer.body === 'string') {
    return reply.code(422).type('text/plain; charset=utf-8').send(answer.body);
  }
  return reply.code(answer.status).type('application/json').send(JSON.stringify(answer.body));
}

export interface PaperRoutesOptions {
  exchange: PaperExchange;
  /**
   * Answers POST /faucet instead of `exchange.faucet`, given the body and the client's IP
   * address: the server caps the accounts one address may fund.
   */
  faucet?: (body: unknown, clientIp: string) => Promise<PaperReply>;
  /**
   * Serves POST /control/mark (PAPER_CONTROL); off by default: the route does not exist. A
   * function guards it: it runs first and throws to refuse (the server asks for an admin's
   * session); `true` serves it to anyone (this package's own tests and a bare paper exchange).
   */
  control?: boolean | ControlGuard;
  /**
   * Hyperliquid's per-IP weights, 1,200 a minute, answering 429 past them (see limitWeights);
   * on by default, `false` turns them off.
   */
  rateLimit?: PaperRateLimit | false;
}

/** Runs before POST /control/mark; throws (an error with a statusCode) to refuse the request. */
export type ControlGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A control request must say its body is JSON: a cross-site form can send only `text/plain`,
 * `application/x-www-form-urlencoded` or `multipart/form-data` without a preflight, so this
 * keeps another site's page from moving marks with a visitor's browser (issue 29, finding 7).
 */
function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type === undefined ? request.body === undefined : /^application\/json\s*(;|$)/i.test(type);
}

/**
 * Fastify plugin: POST /info, /exchange and /faucet, answered by `exchange` with
 * `Content-Type: application/json` (422: plain text, as Hyperliquid). Bodies are parsed here whatever their content type; a body
 * that is not JSON reaches the exchange as undefined and gets Hyperliquid's 422. Register it
 * without fastify-plugin so the parser stays inside this plugin (the server uses prefix /paper).
 */
export const paperExchangeRoutes: FastifyPluginAsync<PaperRoutesOptions> = async (
  app,
  { exchange, faucet = (body) => exchange.faucet(body), control = false, rateLimit = {} },
) => {
  if (rateLimit !== false) limitWeights(app, rateLimit);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, JSON.parse(String(text)));
    } catch {
      done(null, undefined);
    }
  });
  app.post('/info', async (request, reply) => send(reply, await exchange.info(request.body)));
  app.post('/exchange', async (request, reply) =>
    send(reply, await exchange.exchange(request.body)),
  );
  app.post('/faucet', async (request, reply) =>
    send(reply, await faucet(request.body, request.ip)),
  );
  if (control) {
    const guard = typeof control === 'function' ? control : undefined;
    app.post('/control/mark', {
      ...(guard && { onRequest: guard }),
      handler: async (request, reply) => {
        if (!isJsonRequest(request)) {
          return send(reply, {
            status: 415,
            body: {
              status: 'err',
              response: 'Send the body as JSON (Content-Type: application/json).',
            },
          });
        }
        return send(reply, await exchange.pinMark(request.body));
      },
    });
  }
};
