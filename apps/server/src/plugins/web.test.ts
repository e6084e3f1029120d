import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../test/helper.js';
import { registerNotFoundHandler } from './errors.js';
import { acceptsCoding, readWebDocuments, registerWebApp } from './web.js';

const INDEX = '<!doctype html><div id="root"></div>';
// The build's document for /bingo: index.html that also asks for the dashboard's chunks.
const BOOT = 'window.__tbBoot = {};';
const BINGO = `<!doctype html><link rel="modulepreload" href="/assets/bingo-def456.js"><script>${BOOT}</script><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>`;
const SCRIPT = `export const cells = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `cell ${i}`))};`;

describe('serving the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'tb-dist-'));
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    // As the web build writes them: each text file with its brotli and gzip variants beside it.
    const precompressed = (path: string, text: string) => {
      writeFileSync(path, text);
      writeFileSync(`${path}.br`, brotliCompressSync(text));
      writeFileSync(`${path}.gz`, gzipSync(text));
    };
    precompressed(join(dist, 'index.html'), INDEX);
    mkdirSync(join(dist, 'pages'));
    precompressed(join(dist, 'pages', 'bingo.html'), BINGO);
    precompressed(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    registerNotFoundHandler(app, await registerWebApp(app, readWebDocuments(dist)));
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

  it('sends a script as its brotli variant to a client that accepts br', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip variant to a client that accepts gzip only', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0'])(
    'sends the file itself when accept-encoding is %s',
    async (encoding) => {
      const res = await app.inject({
        url: '/assets/index-abc123.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.body).toBe(SCRIPT);
    },
  );

  it('sends a file without variants as it is', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('<svg/>');
  });

  it.each(['/assets/index-abc123.js.map', '/assets/index-abc123.js.br', '/index.html.gz'])(
    'never serves %s (source maps and variants by name)',
    async (url) => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
    },
  );

  it.each([
    ['/', INDEX],
    ['/bingo', BINGO],
    ['/profile', INDEX],
  ])('sends the page %s precompressed as the client accepts', async (url, page) => {
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(page);
  });

  it.each([
    ['/bingo', BINGO],
    ['/bingo/', BINGO],
    ['/bingo?board=2', BINGO],
    ['/bingo/other', INDEX],
    ['/bingo-x', INDEX],
  ])('answers %s with its own document where the build wrote one', async (url, page) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(page);
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
    expect(readWebDocuments(join(dist, 'missing'))).toBeUndefined();
    expect(await registerWebApp(Fastify(), undefined)).toBeUndefined();
  });

  it('lists the hash of every inline script of the documents, for the CSP', () => {
    const hash = (script: string) =>
      `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(readWebDocuments(dist)?.inlineScripts).toEqual([hash(BOOT)]);
  });
});

describe('acceptsCoding', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip, deflate, br', 'gzip', true],
    ['gzip', 'br', false],
    ['br;q=0, gzip', 'br', false],
    ['BR;Q=0.5', 'br', true],
    ['*', 'br', true],
    ['*;q=0', 'gzip', false],
    ['br;q=0, *', 'br', false],
    ['identity', 'gzip', false],
    [undefined, 'gzip', false],
  ] as const)('%s accepts %s: %s', (header, coding, expected) => {
    expect(acceptsCoding(header, coding)).toBe(expected);
  });
});

describe('the whole app with a built web app', () => {
  it('starts, serves pages for client routes and keeps API 404s as JSON', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tb-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(dist, 'pages'));
    const boot = 'window.__tbBoot = { token: "t" };';
    writeFileSync(
      join(dist, 'pages', 'bingo.html'),
      `<script>${boot}</script><div id="root"></div>`,
    );
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'a.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'a.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'b.js'), SCRIPT);
    const { ctx, close } = await createTestContext('pglite', { WEB_DIST: dist });
    try {
      expect((await ctx.app.inject('/profile')).body).toContain('<div id="root">');
      // The page's own document, its inline script allowed by hash and no other inline script.
      const bingo = await ctx.app.inject('/bingo');
      expect(bingo.body).toContain(boot);
      const csp = String(bingo.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      const hash = createHash('sha256').update(boot).digest('base64');
      expect(scriptSrc?.trim()).toBe(
        `script-src 'self' 'sha256-${hash}' https://s3.tradingview.com`,
      );
      expect((await ctx.app.inject('/api/nope')).json().error.code).toBe('NOT_FOUND');
      // The API's compression leaves the web app's files alone: a variant is sent as it is (not
      // compressed twice), a file without one as it is (no compression per request).
      const br = { 'accept-encoding': 'br' };
      const withVariant = await ctx.app.inject({ url: '/assets/a.js', headers: br });
      expect(withVariant.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(withVariant.rawPayload).toString()).toBe(SCRIPT);
      const without = await ctx.app.inject({ url: '/assets/b.js', headers: br });
      expect(without.headers['content-encoding']).toBeUndefined();
      expect(without.body).toBe(SCRIPT);
    } finally {
      await close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
