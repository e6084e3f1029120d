import type {
  Balance,
  Market,
  OpenOrder,
  OrderHistoryRow,
  Position,
  Ticker,
  TradeHistoryRow,
} from '@tb/core';
import { errorBody, type MockReply, type MockRequest } from '@/test/fetch-mock';

/** Test data and a fake server for the trading page (used by its *.test.tsx files only). */

export const ok = (data: unknown): MockReply => ({ status: 200, body: { success: true, data } });

export const balance: Balance = {
  free: { USDC: 9400 },
  used: { USDC: 600 },
  total: { USDC: 10000 },
  info: { usdcValue: 10000 },
};

export const btcLong: Position = {
  symbol: 'BTC-USD',
  side: 'long',
  size: 0.5,
  entryPrice: 60000,
  markPrice: 64250.5,
  unrealizedPnl: 2125.25,
  pnlPercentage: 35.42,
  liquidationPrice: 45000,
  margin: 6000,
  leverage: 5,
  leverageType: 'cross',
};

export const ethShort: Position = {
  symbol: 'ETH-USD',
  side: 'short',
  size: 2,
  entryPrice: 3000,
  markPrice: 3100,
  unrealizedPnl: -200,
  pnlPercentage: -6.67,
  liquidationPrice: null,
  margin: 600,
  leverage: 10,
  leverageType: 'isolated',
};

export const restingOrder: OpenOrder = {
  id: '123',
  timestamp: Date.UTC(2026, 0, 2, 10, 0),
  orderType: 'limit',
  symbol: 'ETH-USD',
  assetId: 1,
  side: 'buy',
  size: 1.5,
  filled: 0,
  value: 4500,
  price: 3000,
  reduceOnly: false,
  status: 'open',
};

export const fill: TradeHistoryRow = {
  timestamp: Date.UTC(2026, 0, 2, 9, 0),
  symbol: 'BTC-USD',
  side: 'buy',
  price: 60000,
  amount: 0.5,
  cost: 30000,
  fee: { cost: 10.5, currency: 'USDC' },
};

export const historyRow = (status: string, symbol = 'BTC-USD'): OrderHistoryRow => ({
  timestamp: Date.UTC(2026, 0, 1, 8, 0),
  symbol,
  type: 'limit',
  side: 'sell',
  price: 65000,
  amount: 0.1,
  filled: 0.1,
  status,
});

export const markets: Market[] = [
  {
    id: 'BTC',
    symbol: 'BTC-USD',
    base: 'BTC',
    quote: 'USD',
    assetId: 0,
    maxLeverage: 50,
    sizeDecimals: 5,
  },
  {
    id: 'ETH',
    symbol: 'ETH-USD',
    base: 'ETH',
    quote: 'USD',
    assetId: 1,
    maxLeverage: 25,
    sizeDecimals: 4,
  },
];

export const tickers: Ticker[] = [
  { symbol: 'BTC-USD', last: 64250.5, bid: 64250, ask: 64251, timestamp: 0 },
  { symbol: 'ETH-USD', last: 3100.2, bid: 3100, ask: 3100.4, timestamp: 0 },
];

export const paperConnection = {
  id: 'c1',
  name: 'Hyperliquid',
  network: 'paper' as const,
  connectedAt: '2026-01-01T00:00:00.000Z',
};

export const noSignals = {
  hasWebhook: false,
  maskedWebhookUrl: null,
  active: false,
  types: { positions: true, orders: true, cancels: true },
};

export type Route = MockReply | ((req: MockRequest) => MockReply);

/** 'METHOD /path' (query left out) → answer; unknown routes answer 404. */
export function fakeServer(overrides: Record<string, Route> = {}) {
  const routes: Record<string, Route> = {
    'GET /users/exchanges': { status: 200, body: { success: true, exchanges: [paperConnection] } },
    'GET /exchange/account': ok(balance),
    'GET /exchange/positions': ok([]),
    'GET /exchange/orders': ok([]),
    'GET /exchange/myTrades': ok([]),
    'GET /exchange/orders/history': ok([]),
    'GET /exchange/unjournaled': { status: 200, body: { trips: [] } },
    'GET /exchange/markets': ok(markets),
    'GET /exchange/tickers': ok(tickers),
    'GET /exchange/price/BTC-USD': ok({ symbol: 'BTC-USD', price: 64250.5 }),
    'GET /exchange/price/ETH-USD': ok({ symbol: 'ETH-USD', price: 3100.2 }),
    'GET /signals/settings': { status: 200, body: noSignals },
    // The exchange accepts the leverage asked (the form sends it before an order).
    'POST /exchange/leverage': (req) => ok({ isCross: true, ...(req.body as object) }),
    // The live-trading switch is kept for the user on the server.
    'PUT /users/settings': (req) => ({ status: 200, body: req.body }),
    ...overrides,
  };
  return (req: MockRequest): MockReply => {
    const key = `${req.method} ${req.path.split('?')[0]}`;
    const route = routes[key];
    if (route === undefined) return { status: 404, body: errorBody('NOT_FOUND', `No ${key}`) };
    return typeof route === 'function' ? route(req) : route;
  };
}
