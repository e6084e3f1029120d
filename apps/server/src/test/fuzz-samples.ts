import type { SampleRequest, Slot } from './fuzz-strings.js';

/** Ids the samples point at, made by the suite before fuzzing. */
export interface SampleIds {
  /** The signed-in caller (an admin with premium). */
  me: { id: string; password: string };
  /** Another account, the target of the admin routes. */
  other: { id: string };
  trade: string;
  /** A paper key of the caller, which is also its exchange connection. */
  key: string;
}

const WALLET = `0x${'1'.repeat(40)}`;
const LONG = { pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };

/**
 * A valid request of every route that takes text (in its path, query or body), so that a
 * generated string in one slot is the only thing wrong with it. `POST /api/bingo/card` is
 * filled in by the suite from the stored boards (it carries their version).
 */
export function sampleRequests(ids: SampleIds): SampleRequest[] {
  const conn = { connectionId: ids.key };
  const token = 'a'.repeat(43);
  return [
    { method: 'POST', url: '/api/users/register', body: user('new') },
    { method: 'POST', url: '/api/users/login', body: { username: 'nobody', password: 'pw' } },
    { method: 'POST', url: '/api/auth/check-email', body: { email: 'a@example.com' } },
    { method: 'GET', url: '/api/auth/verify-email/{token}', params: { token } },
    { method: 'POST', url: '/api/auth/resend-verification', body: { email: 'a@example.com' } },
    { method: 'POST', url: '/api/users/reset-password-request', body: { email: 'a@example.com' } },
    {
      method: 'POST',
      url: '/api/users/reset-password/{token}',
      params: { token },
      body: { password: 'new-password' },
    },
    {
      method: 'PUT',
      url: '/api/users/password',
      body: { currentPassword: ids.me.password, newPassword: ids.me.password },
    },
    // No session has this id (the caller's own would sign the suite out): a 404 when valid.
    {
      method: 'DELETE',
      url: '/api/users/me/sessions/{id}',
      params: { id: '00000000-0000-4000-8000-000000000000' },
    },
    {
      method: 'POST',
      url: '/api/contact',
      body: { name: 'Ann', email: 'a@example.com', message: 'Hello' },
    },
    { method: 'PUT', url: '/api/users/time-zone', body: { timeZone: 'Europe/Paris' } },
    { method: 'PUT', url: '/api/users/settings', body: { liveTradingEnabled: true } },
    {
      method: 'PUT',
      url: '/api/users/widget-layout',
      body: { layout: [widget()], layouts: { desktop: [widget()], mobile: [widget()] } },
    },
    {
      method: 'PATCH',
      url: '/api/bingo/card/cell/{index}',
      params: { index: '3' },
      body: { cell: { title: 'Trend', points: 2, selected: true } },
    },
    { method: 'POST', url: '/api/trades', body: { ...LONG, notes: 'note', timeframe: '1h' } },
    { method: 'GET', url: '/api/trades/{id}', params: { id: ids.trade } },
    { method: 'PUT', url: '/api/trades/{id}', params: { id: ids.trade }, body: LONG },
    {
      method: 'POST',
      url: '/api/trades/{id}/exits',
      params: { id: ids.trade },
      body: { price: 100, quantity: 0.001 },
    },
    {
      method: 'PUT',
      url: '/api/trades/{id}/status',
      params: { id: ids.trade },
      body: { status: 'TARGET_HIT' },
    },
    {
      method: 'POST',
      url: '/api/trades/{id}/undo-exit',
      params: { id: ids.trade },
      body: { exitCount: 1 },
    },
    { method: 'POST', url: '/api/trades/{id}/hide', params: { id: ids.trade } },
    { method: 'DELETE', url: '/api/trades/{id}', params: { id: ids.trade } },
    { method: 'POST', url: '/api/trades/{id}/cancel-entry', params: { id: ids.trade } },
    {
      method: 'POST',
      url: '/api/trades/import',
      body: {
        trades: [
          {
            ...LONG,
            notes: 'note',
            status: 'TARGET_HIT',
            date: '2026-01-05T10:00:00.000Z',
            closedAt: '2026-01-05T12:00:00.000Z',
            sizeUsd: 500,
            cells: [{ index: 0, title: 'Trend', points: 2 }],
          },
        ],
      },
    },
    {
      method: 'POST',
      url: '/api/trades/{id}/stop',
      params: { id: ids.trade },
      body: { stopLoss: 95 },
    },
    { method: 'POST', url: '/api/trades/{id}/close-market', params: { id: ids.trade } },
    {
      method: 'POST',
      url: '/api/risk-management/update',
      body: { status: 'TARGET_HIT', profitLoss: 1 },
    },
    { method: 'POST', url: '/api/api-keys', body: paperKey() },
    { method: 'PUT', url: '/api/api-keys/{id}', params: { id: ids.key }, body: paperKey() },
    { method: 'DELETE', url: '/api/api-keys/{id}', params: { id: ids.key } },
    { method: 'POST', url: '/api/users/exchanges', body: paperKey() },
    { method: 'DELETE', url: '/api/users/exchanges/{id}', params: { id: ids.key } },
    ...exchangeSamples(conn),
    {
      method: 'POST',
      url: '/api/exchange/unjournaled/attach',
      body: { tids: [1], tradeId: ids.trade },
    },
    {
      method: 'PUT',
      url: '/api/signals/settings',
      body: { webhookUrl: 'https://discord.com/api/webhooks/1/abc', active: false },
    },
    ...adminSamples(ids),
    {
      method: 'GET',
      url: '/api/leaderboard',
      query: { sort: 'gain', direction: 'desc', verified: 'true' },
    },
    ...analyticsSamples(),
    {
      method: 'GET',
      url: '/api/script-cells',
      query: { pair: 'BTCUSDT', isLong: 'true', timeframe: '1h' },
    },
  ];
}

/** The analytics routes (the caller is premium), every filter set. */
function analyticsSamples(): SampleRequest[] {
  const query = {
    ...{ from: '2026-01-01', to: '2026-12-31', pair: 'BTCUSDT', side: 'long' },
    ...{ board: 'board-1', tier: '2', source: 'journal' },
  };
  return ['/api/analytics', '/api/analytics/trades', '/api/analytics/export.csv'].map((url) => ({
    method: 'GET',
    url,
    query,
  }));
}

function user(name: string) {
  return { username: name, email: `${name}@example.com`, password: 'correct-horse' };
}

function widget() {
  return {
    i: 'w1',
    ...{ x: 0, y: 0, w: 4, h: 4 },
    title: 'Chart',
    props: { symbol: 'BTC' },
    widgetType: 'chart',
    navigation: 'top',
  };
}

function paperKey() {
  return {
    exchangeId: 'hyperliquid',
    network: 'paper',
    walletAddress: WALLET,
    apiKey: '0xkey',
    apiSecret: '0xsecret',
  };
}

/** Market data (the paper exchange's) and the caller's paper account. */
function exchangeSamples(conn: { connectionId: string }): SampleRequest[] {
  const symbol = { symbol: 'BTC' };
  const history = { symbol: 'BTC', limit: '5', since: '0', ...conn };
  return [
    { method: 'GET', url: '/api/exchange/ticker/{symbol}', params: symbol },
    { method: 'GET', url: '/api/exchange/price/{symbol}', params: symbol },
    {
      method: 'GET',
      url: '/api/exchange/orderbook/{symbol}',
      params: symbol,
      query: { limit: '5' },
    },
    {
      method: 'GET',
      url: '/api/exchange/ohlcv/{symbol}',
      params: symbol,
      query: { timeframe: '1h', limit: '5', since: '0' },
    },
    { method: 'GET', url: '/api/exchange/trades/{symbol}', params: symbol, query: { limit: '5' } },
    { method: 'GET', url: '/api/exchange/account', query: conn },
    { method: 'GET', url: '/api/exchange/positions', query: conn },
    { method: 'GET', url: '/api/exchange/orders', query: conn },
    { method: 'GET', url: '/api/exchange/myTrades', query: history },
    { method: 'GET', url: '/api/exchange/orders/history', query: history },
    {
      method: 'POST',
      url: '/api/exchange/order',
      query: conn,
      body: { symbol: 'BTC', side: 'buy', size: '0.001', price: '1', orderType: 'limit' },
    },
    {
      method: 'DELETE',
      url: '/api/exchange/order/{id}',
      params: { id: '1' },
      query: { assetId: '0', symbol: 'BTC', ...conn },
    },
    {
      method: 'POST',
      url: '/api/exchange/leverage',
      query: conn,
      body: { leverage: 2, ...symbol, isCross: true },
    },
    { method: 'POST', url: '/api/exchange/positions/close-all', query: conn },
    { method: 'POST', url: '/api/exchange/positions/{symbol}/close', params: symbol, query: conn },
  ];
}

/** Admin routes, aimed at the other account. */
function adminSamples(ids: SampleIds): SampleRequest[] {
  const userId = ids.other.id;
  const target = { id: userId };
  return [
    {
      method: 'GET',
      url: '/api/users/all',
      query: { search: 'someone', page: '1', pageSize: '10' },
    },
    { method: 'PUT', url: '/api/users/premium-status', body: { userId, isPaidUser: true } },
    { method: 'PUT', url: '/api/users/admin-status', body: { userId, isAdmin: false } },
    { method: 'PUT', url: '/api/users/email', body: { userId, email: 'other@example.com' } },
    { method: 'PUT', url: '/api/users/username', body: { userId, username: 'other' } },
    { method: 'POST', url: '/api/users/send-verification', body: { userId } },
    { method: 'DELETE', url: '/api/users/{id}', params: target },
    { method: 'GET', url: '/api/users/{id}/subscription', params: target },
    {
      method: 'POST',
      url: '/api/users/{id}/subscription/add',
      params: target,
      body: { plan: 'quick' },
    },
    {
      method: 'POST',
      url: '/api/users/{id}/subscription/set-date',
      params: target,
      body: { endDate: '2099-01-01' },
    },
    { method: 'POST', url: '/api/users/{id}/subscription/cancel', params: target },
    { method: 'GET', url: '/api/admin/audit-log', query: { limit: '5' } },
    { method: 'GET', url: '/api/admin/contact-messages', query: { page: '1', pageSize: '10' } },
    // Payments: NOWPayments is not configured in the fuzz (Pay answers 409, the IPN 404).
    { method: 'POST', url: '/api/payments', body: { plan: 'monthly' } },
    {
      method: 'GET',
      url: '/api/payments/{id}',
      params: { id: '00000000-0000-4000-8000-000000000000' },
    },
    {
      method: 'POST',
      url: '/api/payments/nowpayments',
      body: { payment_id: 1, payment_status: 'finished', order_id: 'x', price_amount: 9 },
    },
    { method: 'GET', url: '/api/admin/payments', query: { state: 'waiting', limit: '5' } },
    ...strategySamples(),
    ...chatSamples(ids),
  ];
}

/** The chat: a post (a plan card with text), history, read marks, the stream, the admin's. */
function chatSamples(ids: SampleIds): SampleRequest[] {
  const room = { room: 'general' };
  const plan = { ...LONG, riskRewardRatio: 2, tier: '2R/R', size: 1 };
  return [
    {
      method: 'POST',
      url: '/api/chat/rooms/{room}/messages',
      params: room,
      body: { plan, text: 'my plan' },
    },
    {
      method: 'GET',
      url: '/api/chat/rooms/{room}/messages',
      params: room,
      query: { before: '5', limit: '10' },
    },
    { method: 'POST', url: '/api/chat/rooms/{room}/read', params: room, body: { lastReadId: '1' } },
    // A bad `after` is refused before the stream opens (a valid one would never end).
    { method: 'GET', url: '/api/chat/stream', query: { after: '5' } },
    { method: 'DELETE', url: '/api/admin/chat/messages/{id}', params: { id: '999999' } },
    {
      method: 'POST',
      url: '/api/admin/chat/mutes',
      body: { userId: ids.other.id, minutes: 5, reason: 'spam' },
    },
    { method: 'DELETE', url: '/api/admin/chat/mutes/{userId}', params: { userId: ids.other.id } },
  ];
}

/** The monthly strategy: the admin's editor (an unknown id answers 404) and the archive. */
function strategySamples(): SampleRequest[] {
  const id = { id: '00000000-0000-4000-8000-000000000000' };
  const board = Array.from({ length: 25 }, (_, i) => ({ title: `Cell ${i}`, points: 1 }));
  const strategy = { title: 'July', body: '## Plan', board };
  return [
    { method: 'POST', url: '/api/admin/strategies', body: strategy },
    { method: 'PUT', url: '/api/admin/strategies/{id}', params: id, body: strategy },
    {
      method: 'POST',
      url: '/api/admin/strategies/{id}/publish',
      params: id,
      body: { month: '2026-07', mailSubscribers: false },
    },
    { method: 'DELETE', url: '/api/admin/strategies/{id}', params: id },
    { method: 'GET', url: '/api/strategies', query: { limit: '5' } },
    { method: 'GET', url: '/api/strategies/{id}', params: id },
  ];
}

/**
 * The paper exchange's own protocol (no OpenAPI schema): Hyperliquid-shaped bodies, with the
 * text slots named here. Its refusals are the protocol's, so only the status is checked.
 */
export const PAPER_SAMPLES: Array<{ sample: SampleRequest; slots: Slot[] }> = [
  {
    sample: {
      method: 'POST',
      url: '/paper/info',
      body: { type: 'clearinghouseState', user: WALLET },
    },
    slots: ['type', 'user'].map((key) => ({ in: 'body', path: [key], plainText: false })),
  },
  {
    sample: { method: 'POST', url: '/paper/faucet', body: { user: WALLET } },
    slots: [{ in: 'body', path: ['user'], plainText: false }],
  },
];
