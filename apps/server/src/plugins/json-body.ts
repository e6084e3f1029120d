import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify reads them (prototype-poisoning checks included), except that an
 * empty body is no body: a route that takes none (reset-sl, DELETE ...) accepts a request
 * sent with `content-type: application/json` and nothing in it (DESIGN.md section 7). A route
 * that needs a body still answers 400 from its schema.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) {
      done(null, undefined);
      return;
    }
    // parseAs: string, so the body is the text of the request.
    parseJson(req, body as string, done);
  });
}
