import { queryOptions } from '@tanstack/react-query';
import { CandleSchema, type Candle } from '@tb/core';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** SPEC.md section 9: OHLCV defaults, 1 h candles and 100 of them. */
export const OHLCV_DEFAULTS = { timeframe: '1h', limit: 100 } as const;

const CandlesSchema = z.array(CandleSchema);

/** Candles from a bare array or a `{ data }` list; anything else counts as no data. */
function toCandles(body: unknown): Candle[] {
  const list = typeof body === 'object' && body !== null && 'data' in body ? body.data : body;
  const parsed = CandlesSchema.safeParse(list);
  return parsed.success ? parsed.data : [];
}

/** GET /api/exchange/ohlcv/:symbol?timeframe=1h&limit=100, for the built-in chart. */
export const ohlcvQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['exchange', 'ohlcv', symbol, OHLCV_DEFAULTS.timeframe, OHLCV_DEFAULTS.limit],
    queryFn: async ({ signal }) => {
      const query = `timeframe=${OHLCV_DEFAULTS.timeframe}&limit=${OHLCV_DEFAULTS.limit}`;
      const body = await apiRequest<unknown>(
        `/exchange/ohlcv/${encodeURIComponent(symbol)}?${query}`,
        { signal },
      );
      return toCandles(body);
    },
    staleTime: 60_000,
  });
