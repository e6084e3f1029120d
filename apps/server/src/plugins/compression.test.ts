import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { authed, bearer, register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';
import { COMPRESS_THRESHOLD } from './compression.js';

const LONG = { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };

describeEachDatabase('compressed API answers', (ctx) => {
  const get = (url: string, token: string | undefined, encoding?: string) =>
    ctx.app.inject({
      url,
      headers: {
        ...(token && bearer(token)),
        ...(encoding !== undefined && { 'accept-encoding': encoding }),
      },
    });

  it('sends a JSON answer above 1 KB as brotli or gzip, the same JSON once decoded', async () => {
    const user = await register(ctx.app);
    const plain = await get('/api/bingo/card', user.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await get('/api/bingo/card', user.token, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/bingo/card', user.token, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses the OpenAPI document under /api as well', async () => {
    const res = await get('/api/openapi.json', undefined, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toBeDefined();
  });

  it('sends answers below 1 KB as they are', async () => {
    const res = await get('/api/health', undefined, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) });
  });

  it('sends identity to a client that accepts no coding, or refuses them', async () => {
    const user = await register(ctx.app);
    for (const encoding of ['identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/api/bingo/card', user.token, encoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().data).toBeDefined();
    }
  });

  it('keeps the CSV download whole: file name, type and every byte', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const notes = 'A long note that makes the export bigger than the threshold. '.repeat(8);
    for (const pair of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
      const res = await authed(ctx.app, user.token, 'POST', '/api/trades', {
        ...LONG,
        pair,
        notes,
      });
      expect(res.statusCode).toBe(201);
    }
    const plain = await get('/api/trades/export.csv', user.token);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await get('/api/trades/export.csv', user.token, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(gunzipSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends an Excel workbook (already zipped) as it is', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, user.id));
    const res = await get('/api/bingo/export.xlsx', user.token, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
