// DESIGN.md section 5, exchange proxy: "100 users polling prices every second cause at most 1
// upstream request per second per symbol". The app runs with its testnet pointed at a local
// stand-in for Hyperliquid that counts the /info requests it gets; 100 simulated users poll
// GET /api/exchange/price/<symbol> once a second each, spread over the second, for a few symbols.
//
//   node bench/exchange-cache.mjs [--users 100] [--duration 20] [--no-record]
// (after a build: npx tsc -b apps/server)
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER } from './lib/app.mjs';
import { installCleanUp } from './lib/cleanup.mjs';
import { startServer, stop, tempDir } from './lib/processes.mjs';
import { record } from './lib/report.mjs';

const { values: opts } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    'no-record': { type: 'boolean', default: false },
  },
});
const USERS = Number(opts.users);
const DURATION_S = Number(opts.duration);
const COINS = ['BTC', 'ETH', 'SOL'];

/** A minimal Hyperliquid /info: meta and mids, counting every request by type. */
function fakeHyperliquid() {
  const counts = new Map();
  const universe = COINS.map((name) => ({ name, szDecimals: 2, maxLeverage: 20 }));
  const answers = {
    meta: () => ({ universe, marginTables: [], collateralToken: 0 }),
    allMids: () => Object.fromEntries(COINS.map((c, i) => [c, String(1000 * (i + 1))])),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const type = JSON.parse(body || '{}').type ?? '?';
      counts.set(type, (counts.get(type) ?? 0) + 1);
      const answer = answers[type];
      res.writeHead(answer ? 200 : 422, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ? answer() : 'Failed to deserialize the JSON body'));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, counts, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

/** One user: a price request per second for one symbol, starting at a random offset. */
async function pollUser(url, coin, until, tally) {
  await new Promise((r) => setTimeout(r, Math.random() * 1000));
  while (Date.now() < until) {
    const started = Date.now();
    const res = await fetch(`${url}/api/exchange/price/${coin}`);
    await res.arrayBuffer();
    tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
  }
}

installCleanUp();
const upstream = await fakeHyperliquid();
const dataDir = tempDir();
const app = await startServer('app', SERVER, {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000',
  DATA_DIR: dataDir,
  WEB_DIST: join(dataDir, 'no-web-app'),
  HYPERLIQUID_TESTNET_URL: upstream.url,
  MARKET_DATA_NETWORK: 'testnet',
});
upstream.counts.clear();
const tally = new Map();
const until = Date.now() + DURATION_S * 1000;
const started = Date.now();
await Promise.all(
  Array.from({ length: USERS }, (_, i) => pollUser(app.url, COINS[i % COINS.length], until, tally)),
);
const seconds = (Date.now() - started) / 1000;
await stop(app);
upstream.server.close();

const requests = [...tally.values()].reduce((a, b) => a + b, 0);
const mids = upstream.counts.get('allMids') ?? 0;
const perSecond = mids / seconds;
const lines = [
  `${USERS} users polling \`GET /api/exchange/price/<symbol>\` once a second for ${seconds.toFixed(0)} s over ${COINS.length} symbols (${COINS.join(', ')}): ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(tally))}.`,
  `Upstream /info requests: ${JSON.stringify(Object.fromEntries(upstream.counts))}, i.e. ${perSecond.toFixed(2)} allMids requests per second for all ${COINS.length} symbols together (one allMids answer carries every symbol's price).`,
  `Bar: at most 1 upstream request per second per symbol: ${perSecond <= COINS.length ? 'met' : 'NOT met'}.`,
];
console.log(lines.join('\n'));
if (!opts['no-record']) {
  const args = process.argv.slice(2).join(' ');
  const when = new Date(started).toISOString().slice(0, 16).replace('T', ' ');
  record(
    [
      `## ${when} UTC: \`node bench/exchange-cache.mjs${args ? ` ${args}` : ''}\``,
      '',
      ...lines,
    ].join('\n'),
  );
}
