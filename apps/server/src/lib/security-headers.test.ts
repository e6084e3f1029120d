import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.js';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers built once', () => {
  it("are helmet's headers for the options", async () => {
    const headers = await helmetHeaders(OPTIONS);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('go out on every answer: a route, an error and a 404', async () => {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const expected = await helmetHeaders(OPTIONS);
    for (const url of ['/ok', '/fails', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
    }
    await app.close();
  });
});
