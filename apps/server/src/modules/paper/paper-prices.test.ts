import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MarkPins } from '@tb/paper-exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * PAPER_PRICES (issue 27): the server's paper market follows HYPERLIQUID_MAINNET_URL (a fake on
 * 127.0.0.1, never the real one), falls back to the seeded path when it fails and follows it
 * again without a restart; /api/health says which. Polls are also made by hand through the
 * pins' source, so each step does not wait for the timer.
 */

/** Hyperliquid's POST /info for allMids, answering 500 while `failing`. */
class FakeMainnet {
  mids: Record<string, string> = { BTC: '65000.5', ETH: '3100.25' };
  failing = false;
  requests = 0;
  url = '';
  #server: Server | undefined;

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.requests += 1;
        if (this.failing) {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.mids));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}

const mainnet = new FakeMainnet();
const dataDirs: string[] = [];
beforeAll(() => mainnet.start());
afterAll(async () => {
  await mainnet.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

type Source = { poll(): Promise<boolean> };

const T0 = Date.parse('2026-03-02T12:00:00.000Z');
// Each database's app gets its own pins (they carry the price source) and its own data folder
// (mainnet's kept mids): the second run must start where the first did, knowing nothing.
let pins = new MarkPins();
let dataDir = '';

describeEachDatabase(
  'paper prices follow mainnet (PAPER_PRICES=auto)',
  (ctx) => {
    const health = async () => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json();
    const mids = async () =>
      (
        await ctx.app.inject({ method: 'POST', url: '/paper/info', payload: { type: 'allMids' } })
      ).json() as Record<string, string>;

    it('follows mainnet, falls back from its last price when it fails, and follows it again', async () => {
      ctx.clock.set(T0);
      mainnet.failing = false;
      mainnet.mids.BTC = '65000.5';
      expect((await health()).paperPrices).toEqual({
        mode: 'auto',
        source: 'synthetic',
        since: null,
        upstream: 'unknown',
      });
      // The first request asks mainnet first, and answers with its price.
      expect((await mids()).BTC).toBe('65000.5');
      expect((await health()).paperPrices).toEqual({
        mode: 'auto',
        source: 'mainnet',
        since: new Date(T0).toISOString(),
        upstream: 'ok',
      });

      mainnet.failing = true;
      ctx.clock.advance(11_000);
      expect(await (pins.source as unknown as Source).poll()).toBe(false);
      expect((await health()).paperPrices).toEqual({
        mode: 'auto',
        source: 'synthetic',
        since: new Date(T0 + 10_000).toISOString(),
        upstream: 'down',
      });
      const fallback = Number((await mids()).BTC);
      expect(Math.abs(fallback / 65000.5 - 1)).toBeLessThan(0.001);
      expect((await health()).status).toBe('ok');

      mainnet.failing = false;
      mainnet.mids.BTC = '66000';
      ctx.clock.advance(1_000);
      expect(await (pins.source as unknown as Source).poll()).toBe(true);
      expect((await mids()).BTC).toBe('66000');
      expect((await health()).paperPrices).toEqual({
        mode: 'auto',
        source: 'mainnet',
        since: new Date(T0 + 12_000).toISOString(),
        upstream: 'ok',
      });
      const said = ctx.logs.filter((line) => line.includes('paper prices:'));
      expect(said).toHaveLength(3);
      // Mainnet's last mids are kept for a restart that finds it down.
      const kept = JSON.parse(readFileSync(join(dataDir, 'paper-prices.json'), 'utf8'));
      expect(kept.mids.BTC).toBeGreaterThan(60_000);
    });
  },
  {
    env: () => {
      dataDir = mkdtempSync(join(tmpdir(), 'tb-paper-prices-'));
      dataDirs.push(dataDir);
      return {
        PAPER_PRICES: 'auto',
        HYPERLIQUID_MAINNET_URL: mainnet.url,
        // Mainnet's last mids are kept here (paper-prices.json).
        DATA_DIR: dataDir,
      };
    },
    get paperPins() {
      pins = new MarkPins();
      return pins;
    },
    captureLogs: true,
  },
);

describeEachDatabase(
  'paper prices in tests (PAPER_PRICES unset: synthetic)',
  (ctx) => {
    it('never calls mainnet, and /api/health says synthetic', async () => {
      const before = mainnet.requests;
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'allMids' },
      });
      expect(answer.statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        paperPrices: { mode: 'synthetic', source: 'synthetic', since: null, upstream: 'off' },
      });
      expect(mainnet.requests).toBe(before);
    });
  },
  { env: () => ({ HYPERLIQUID_MAINNET_URL: mainnet.url }) },
);

describe('PAPER_PRICES', () => {
  const prices = (env: Record<string, string>) => {
    const parsed = parseConfig(env);
    return parsed.ok ? parsed.config.paperPrices : parsed.errors;
  };

  it('is auto by default, synthetic by default under NODE_ENV=test, and one of three', () => {
    expect(prices({})).toBe('auto');
    expect(prices({ NODE_ENV: 'development' })).toBe('auto');
    expect(prices({ NODE_ENV: 'test' })).toBe('synthetic');
    expect(prices({ NODE_ENV: 'test', PAPER_PRICES: 'auto' })).toBe('auto');
    expect(prices({ PAPER_PRICES: 'mainnet' })).toBe('mainnet');
    expect(prices({ PAPER_PRICES: 'synthetic' })).toBe('synthetic');
    expect(prices({ PAPER_PRICES: 'live' })).toEqual([
      'PAPER_PRICES: Invalid option: expected one of "auto"|"mainnet"|"synthetic"',
    ]);
  });
});
