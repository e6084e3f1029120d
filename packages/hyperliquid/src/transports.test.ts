import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toExchangeError } from './errors.js';
import { ExchangeError } from './errors.js';
import { HyperliquidExchange } from './hyperliquid-exchange.js';
import { ALL_MIDS } from './testing/fixtures.js';
import { handlerTransport, httpTransport, NETWORK_API_URLS } from './transports.js';

const never = () => new Promise<never>(() => {});
const marketOf = (handle: Parameters<typeof handlerTransport>[0]['handle'], timeoutMs = 1_000) =>
  new HyperliquidExchange({
    transport: handlerTransport({ isTestnet: true, timeoutMs, handle }),
    network: 'paper',
  }).market;

describe('handlerTransport', () => {
  it('answers like the wire: payload and answer copied through JSON', async () => {
    const seen: unknown[] = [];
    const transport = handlerTransport({
      isTestnet: true,
      handle: async (endpoint, body) => {
        seen.push(endpoint, body);
        (body as { type: string }).type = 'mutated';
        return { status: 200, body: { when: new Date(0), gone: undefined } };
      },
    });
    const payload = { type: 'allMids' };
    expect(await transport.request('info', payload)).toEqual({ when: '1970-01-01T00:00:00.000Z' });
    expect(seen[0]).toBe('info');
    expect(payload.type).toBe('allMids');
  });

  it.each([
    {
      scenario: 'no answer within the time-out',
      handle: never,
      expected: new ExchangeError('timeout', 'The exchange did not answer in time'),
    },
    {
      scenario: 'a 500 answer',
      handle: async () => ({ status: 500, body: { error: 'boom' } }),
      expected: new ExchangeError('unavailable', 'The exchange could not be reached (HTTP 500)'),
    },
    {
      scenario: 'a 422 text refusal',
      handle: async () => ({
        status: 422,
        body: 'Failed to deserialize the JSON body into the target type',
      }),
      expected: new ExchangeError(
        'rejected',
        'Failed to deserialize the JSON body into the target type',
      ),
    },
    {
      scenario: 'a handler that throws',
      handle: async () => {
        throw new Error('store offline');
      },
      expected: new ExchangeError('unavailable', 'The exchange could not be reached'),
    },
    {
      scenario: 'an answer that is not JSON',
      handle: async () => ({ status: 200, body: undefined }),
      expected: new ExchangeError('unavailable', 'The exchange could not be reached'),
    },
    {
      scenario: 'a malformed answer',
      handle: async () => ({ status: 200, body: ['not', 'mids'] }),
      expected: new ExchangeError(
        'invalid-response',
        'The exchange answered with an unexpected response',
      ),
    },
  ])('$scenario → $expected.kind', async ({ handle, expected }) => {
    const failure = await marketOf(handle, 20)
      .price('BTC')
      .catch((e: unknown) => e);
    expect(failure).toEqual(expected);
    expect(failure).toMatchObject({ kind: expected.kind });
  });

  it('aborts the signal it hands the handler once it gives up, so the work can stop', async () => {
    const handed: AbortSignal[] = [];
    const transport = handlerTransport({
      isTestnet: true,
      timeoutMs: 20,
      handle: (_endpoint, _body, signal) => {
        handed.push(signal);
        return never();
      },
    });
    const failure = await transport
      .request('exchange', { action: {} })
      .catch((e: unknown) => toExchangeError(e));
    expect(failure).toMatchObject({ kind: 'timeout' });
    expect(handed).toHaveLength(1);
    expect(handed[0]!.aborted).toBe(true);
  });

  it('honours the abort signal', async () => {
    const transport = handlerTransport({ isTestnet: false, handle: never });
    const controller = new AbortController();
    const request = transport.request('info', { type: 'allMids' }, controller.signal);
    controller.abort();
    const failure = await request.catch((e: unknown) => toExchangeError(e));
    expect(failure).toMatchObject({ kind: 'timeout' });
  });
});

describe('httpTransport', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/info') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const { type } = JSON.parse(body) as { type: string };
          if (type === 'allMids') {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify(ALL_MIDS));
          } else if (type === 'meta') {
            res.writeHead(200, { 'Content-Type': 'text/html' });
            res.end('<html>maintenance</html>');
          }
          // Any other type never answers.
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const marketAt = (apiUrl: string, timeoutMs = 100) =>
    new HyperliquidExchange({
      transport: httpTransport({ apiUrl, isTestnet: true, timeoutMs }),
      network: 'testnet',
    }).market;

  it('reads from the given URL', async () => {
    // A time-out no busy machine reaches: this test is about the URL, not about waiting.
    expect(await marketAt(url, 30_000).price('BTC')).toEqual({
      symbol: 'BTC-USD',
      price: 65000.5,
    });
  });

  it.each([
    { scenario: 'a non-JSON answer', call: 'markets', kind: 'unavailable' },
    { scenario: 'no answer (the book)', call: 'ticker', kind: 'timeout' },
  ])('$scenario → $kind', async ({ call, kind }) => {
    const market = marketAt(url);
    const pending = call === 'markets' ? market.markets() : market.ticker('BTC');
    await expect(pending).rejects.toMatchObject({ kind });
  });

  it('a closed port → unavailable', async () => {
    await expect(marketAt('http://127.0.0.1:1').price('BTC')).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('knows the public URLs', () => {
    expect(NETWORK_API_URLS).toEqual({
      mainnet: 'https://api.hyperliquid.xyz',
      testnet: 'https://api.hyperliquid-testnet.xyz',
    });
  });
});
