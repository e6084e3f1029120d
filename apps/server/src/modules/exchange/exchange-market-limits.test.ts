import { OHLCV_MAX_CANDLES } from '@tb/core';
import { MarkPins } from '@tb/paper-exchange';
import { beforeAll, expect, it } from 'vitest';
import { bearer, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { CANDLE_READS_PER_MINUTE, MARKET_READS_PER_MINUTE } from './exchange-market.routes.js';

/**
 * Issue 29, finding 2: one anonymous client asking 5,000 candles with a new `since` each time
 * missed the cache and cost the server ~0.6 s of CPU a request. The public market routes now
 * cap the candles a request may ask, read no deeper than those candles reach, share one cache
 * entry for every `since` inside one candle, and limit each client address.
 */

type PriceSource = NonNullable<MarkPins['source']>;
type CandleRequest = { interval: string; startMs: number; endMs: number };

/**
 * The paper market's price source as a test double: every answer is "use the seeded path", and
 * each candleSnapshot that reaches the paper exchange is written down (the app's market cache
 * calls it in process, so this counts the cache's upstream requests).
 */
class CountingSource implements PriceSource {
  readonly candleRequests: CandleRequest[] = [];
  midAt = () => undefined;
  bookAt = () => undefined;
  liveMid = () => undefined;
  l2Book = async () => undefined;
  candles = async (...[, interval, startMs, endMs]: Parameters<PriceSource['candles']>) => {
    this.candleRequests.push({ interval, startMs, endMs });
    return undefined;
  };
  ready = async () => undefined;
}

const MINUTE = 60_000;
let pins = new MarkPins();

describeEachDatabase(
  'public market routes: caps, cache keys and per-IP limits',
  (ctx) => {
    const source = new CountingSource();
    // The paper exchange set its source when it opened (none: PAPER_PRICES=synthetic).
    beforeAll(() => {
      pins.source = source;
    });
    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, remoteAddress, headers });
    const requestsSince = (before: number) => source.candleRequests.slice(before);

    it(`refuses more than ${OHLCV_MAX_CANDLES} candles a request with 400 and says the most`, async () => {
      const refused = await get(
        `/api/exchange/ohlcv/BTC?limit=${OHLCV_MAX_CANDLES + 1}`,
        '10.9.0.1',
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'limit',
        message: `Limit must be a whole number from 1 to ${OHLCV_MAX_CANDLES}`,
      });
      const most = await get(
        `/api/exchange/ohlcv/BTC?timeframe=1m&limit=${OHLCV_MAX_CANDLES}`,
        '10.9.0.1',
      );
      expect(most.statusCode, most.body).toBe(200);
      expect(most.json().data).toHaveLength(OHLCV_MAX_CANDLES);
    });

    it('shares one cache entry for every since inside one candle, and asks from its open', async () => {
      ctx.clock.set('2026-07-10T08:00:30Z');
      const nowMs = ctx.clock.now().getTime();
      const open = nowMs - 30 * MINUTE - 30_000; // 07:30:00, a 1m candle's open
      const before = source.candleRequests.length;
      const answers = [];
      for (const since of [open, open + 1, open + 29_999, open + 59_999]) {
        const res = await get(
          `/api/exchange/ohlcv/BTC?timeframe=1m&limit=100&since=${since}`,
          '10.9.0.2',
        );
        expect(res.statusCode, res.body).toBe(200);
        answers.push(res.json().data);
      }
      expect(requestsSince(before)).toEqual([{ interval: '1m', startMs: open, endMs: nowMs }]);
      expect(answers[0][0][0]).toBe(open);
      for (const answer of answers) expect(answer).toEqual(answers[0]);

      // The next candle, another limit, another interval: each its own entry.
      await get(
        `/api/exchange/ohlcv/BTC?timeframe=1m&limit=100&since=${open + MINUTE}`,
        '10.9.0.2',
      );
      await get(`/api/exchange/ohlcv/BTC?timeframe=1m&limit=50&since=${open}`, '10.9.0.2');
      await get(`/api/exchange/ohlcv/BTC?timeframe=5m&limit=100&since=${open + 1}`, '10.9.0.2');
      expect(requestsSince(before).map((r) => [r.interval, r.startMs])).toEqual([
        ['1m', open],
        ['1m', open + MINUTE],
        ['1m', open],
        ['5m', open],
      ]);
    });

    it('reads no deeper than the asked candles reach back, whatever the since', async () => {
      ctx.clock.set('2026-07-10T09:00:30Z');
      const nowMs = ctx.clock.now().getTime();
      const before = source.candleRequests.length;
      const latest = await get('/api/exchange/ohlcv/BTC?timeframe=1h&limit=24', '10.9.0.3');
      expect(latest.statusCode, latest.body).toBe(200);
      for (const since of [0, 1, nowMs - 365 * 24 * 60 * MINUTE, nowMs - 24 * 60 * MINUTE]) {
        const res = await get(
          `/api/exchange/ohlcv/BTC?timeframe=1h&limit=24&since=${since}`,
          '10.9.0.3',
        );
        expect(res.statusCode, res.body).toBe(200);
        // The most recent 24 candles since then are the most recent 24: the same answer.
        expect(res.json().data).toEqual(latest.json().data);
      }
      const asked = requestsSince(before);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.startMs).toBeGreaterThanOrEqual(nowMs - 24 * 60 * MINUTE);
    });

    it(`answers ${CANDLE_READS_PER_MINUTE} candle requests a minute from one address, then 429, signed in or not, while another address is served`, async () => {
      ctx.clock.set('2026-07-10T10:00:00Z');
      const user = await register(ctx.app);
      const url = '/api/exchange/ohlcv/BTC?timeframe=1h&limit=5';
      for (let k = 0; k < CANDLE_READS_PER_MINUTE; k += 1) {
        const res = await get(url, '10.9.1.1');
        expect(res.statusCode, `request ${k + 1}: ${res.body}`).toBe(200);
      }
      const refused = await get(url, '10.9.1.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.headers['retry-after']).toBeDefined();
      // A signed-in reader from that address waits too; another address is served.
      expect((await get(url, '10.9.1.1', bearer(user.token))).statusCode).toBe(429);
      expect((await get(url, '10.9.1.2')).statusCode).toBe(200);
      expect((await get(url, '10.9.1.2', bearer(user.token))).statusCode).toBe(200);

      ctx.clock.advance(MINUTE);
      expect((await get(url, '10.9.1.1')).statusCode).toBe(200);
    });

    it(`answers ${MARKET_READS_PER_MINUTE} reads of a cached route a minute from one address, counting an IPv6 /64 as one`, async () => {
      ctx.clock.set('2026-07-10T11:00:00Z');
      for (let k = 0; k < MARKET_READS_PER_MINUTE; k += 1) {
        const res = await get('/api/exchange/price/BTC', `2001:db8:29:2::${(k % 200) + 1}`);
        expect(res.statusCode, `request ${k + 1}: ${res.body}`).toBe(200);
      }
      expect((await get('/api/exchange/price/BTC', '2001:db8:29:2::ffff')).statusCode).toBe(429);
      expect((await get('/api/exchange/price/BTC', '2001:db8:29:3::1')).statusCode).toBe(200);
      // Each route counts for itself: the tickers are still served to the first /64.
      expect((await get('/api/exchange/tickers', '2001:db8:29:2::1')).statusCode).toBe(200);
    });
  },
  {
    get paperPins() {
      pins = new MarkPins();
      return pins;
    },
  },
);
