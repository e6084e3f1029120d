import { openPaperExchange } from '@tb/paper-exchange';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A node:http server on 127.0.0.1 and a free port, closed with every open socket. */
export async function listenLocal(
  handle: (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>,
) {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => void handle(req, body, res));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** What the fake Hyperliquid does: answer, never answer, fail with 500, or refuse orders. */
export type FakeMode = 'ok' | 'hang' | 'http500' | 'refuse';

const META = {
  universe: [
    { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 56 },
    { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 55 },
  ],
  marginTables: [],
  collateralToken: 0,
};
const SUMMARY = {
  accountValue: '500.0',
  totalNtlPos: '0.0',
  totalRawUsd: '500.0',
  totalMarginUsed: '0.0',
};
const INFO: Record<string, unknown> = {
  meta: META,
  allMids: { BTC: '65000.5', ETH: '3200.25' },
  clearinghouseState: {
    marginSummary: SUMMARY,
    crossMarginSummary: SUMMARY,
    crossMaintenanceMarginUsed: '0.0',
    withdrawable: '500.0',
    time: 1_700_000_000_000,
    assetPositions: [],
  },
  spotClearinghouseState: { balances: [] },
  // No API wallet is anyone's agent here: tests connect with the wallet's own key.
  userRole: { role: 'missing' },
  extraAgents: [],
  userFunding: [],
  frontendOpenOrders: [],
};

const EXCHANGE: Record<string, unknown> = {
  order: { type: 'order', data: { statuses: [{ resting: { oid: 77 } }] } },
  cancel: { type: 'cancel', data: { statuses: ['success'] } },
};

/**
 * A stand-in for Hyperliquid's testnet API (POST /info, /exchange), answering the few calls
 * the proxy makes; `mode` switches between an answering, a silent and a failing exchange.
 */
export async function fakeHyperliquid() {
  const state = {
    mode: 'ok' as FakeMode,
    refusal: 'Order must have minimum value of $10.',
    /** The type of every /info request, in order. */
    infoCalls: [] as string[],
    /** How long each answer takes. */
    delayMs: 0,
  };
  const server = await listenLocal(async (req, body, res) => {
    if (state.mode === 'hang') return;
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.mode === 'http500') return json(res, 500, { error: 'internal' });
    if (req.url === '/exchange') {
      if (state.mode === 'refuse')
        return json(res, 200, { status: 'err', response: state.refusal });
      const action = (JSON.parse(body || '{}') as { action?: { type?: string } }).action?.type;
      return json(res, 200, {
        status: 'ok',
        response: EXCHANGE[action ?? ''] ?? { type: 'default' },
      });
    }
    const type = (JSON.parse(body || '{}') as { type?: string }).type ?? '';
    state.infoCalls.push(type);
    if (type in INFO) return json(res, 200, INFO[type]);
    return json(res, 422, `Failed to deserialize the JSON body into the target type`);
  });
  return { ...server, state };
}

/** A webhook receiver that keeps every JSON body posted to it; `status` sets its answer. */
export async function webhookReceiver() {
  const received: Array<{ path: string; body: unknown }> = [];
  const state = { status: 204 };
  const server = await listenLocal((req, body, res) => {
    received.push({ path: req.url ?? '', body: JSON.parse(body || 'null') });
    res.writeHead(state.status);
    res.end();
  });
  /** Waits until `count` messages arrived (or fails after `timeoutMs`). */
  const waitFor = async (count: number, timeoutMs = 5_000) => {
    const until = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > until) throw new Error(`${received.length} of ${count} webhook calls`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return received;
  };
  return {
    ...server,
    received,
    state,
    waitFor,
    url: (path = '/hook') => `${server.origin}${path}`,
  };
}

/**
 * A paper exchange of its own on loopback, reached over HTTP as a real network is (point
 * HYPERLIQUID_TESTNET_URL at `origin`): tests can make wallets and approve agents on it that
 * the app did not make, as traders do on Hyperliquid.
 */
export async function paperOverHttp() {
  const exchange = await openPaperExchange();
  const server = await listenLocal(async (req, body, res) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    const answer =
      req.url === '/exchange'
        ? await exchange.exchange(parsed)
        : req.url === '/faucet'
          ? await exchange.faucet(parsed)
          : await exchange.info(parsed);
    json(res, answer.status, answer.body);
  });
  return { ...server, exchange };
}
