import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../test/helper.js';
import { registerNotFoundHandler } from './errors.js';
import { registerWebApp } from './web.js';

describe('serving the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'tb-dist-'));
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    registerNotFoundHandler(app, await registerWebApp(app, dist));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates other files', async () => {
    const res = await app.inject('/favicon.svg');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/bingo', '/reset-password/abc', '/no-such-page'])(
    'answers %s with index.html for the client router',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/assets/index-old999.js', '/missing.css'])(
    'answers a missing file %s with 404',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
    },
  );

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    const res = await app.inject('/api/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('reports a missing build', async () => {
    expect(await registerWebApp(Fastify(), join(dist, 'missing'))).toBeUndefined();
  });
});

describe('the whole app with a built web app', () => {
  it('starts, serves pages for client routes and keeps API 404s as JSON', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tb-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const { ctx, close } = await createTestContext('pglite', { WEB_DIST: dist });
    try {
      expect((await ctx.app.inject('/profile')).body).toContain('<div id="root">');
      expect((await ctx.app.inject('/api/nope')).json().error.code).toBe('NOT_FOUND');
    } finally {
      await close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
