// Issue 29's timing probes, against the built server on PGlite:
// - findings 14: how long a reset request and a verification resend take for an address with
//   an account and for one without (the mail goes out after the answer now, so the two should
//   not tell the addresses apart);
// - finding 2: one anonymous client asking for candles as fast as it can, each with a new
//   `since`, while another client reads the price: the reader's latency with and without it.
//
//   npm run build && node bench/probes.mjs [--accounts 60] [--seconds 15] [--record]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SERVER } from './lib/app.mjs';
import { printEntry } from './lib/report.mjs';
import { removeDir, startServer, stop, tempDir } from './lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const ACCOUNTS = option('accounts', 60);
const SECONDS = option('seconds', 15);

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;

let addresses = 0;
/** A new client address (X-Forwarded-For; TRUST_PROXY is on) for each mail probe. */
const newAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

async function timed(server, method, path, body, address) {
  const started = performance.now();
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(address && { 'x-forwarded-for': address }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** Known and unknown addresses in turn, each asked once per route; answer times by kind. */
async function mailProbe(server) {
  const known = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const username = `probe${i}${randomUUID().slice(0, 6)}`;
    const res = await timed(
      server,
      'POST',
      '/api/users/register',
      {
        username,
        email: `${username}@example.com`,
        password: `probe-pass-${username}`,
      },
      newAddress(),
    );
    if (res.status !== 201) throw new Error(`register answered ${res.status}`);
    known.push(`${username}@example.com`);
  }
  const times = { known: { reset: [], resend: [] }, unknown: { reset: [], resend: [] } };
  for (let i = 0; i < ACCOUNTS; i++) {
    const pairs = [
      ['known', known[i]],
      ['unknown', `nobody${i}${randomUUID().slice(0, 6)}@example.com`],
    ];
    if (i % 2) pairs.reverse();
    for (const [kind, email] of pairs) {
      for (const [route, path] of [
        ['reset', '/api/users/reset-password-request'],
        ['resend', '/api/auth/resend-verification'],
      ]) {
        const res = await timed(server, 'POST', path, { email }, newAddress());
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        times[kind][route].push(res.ms);
        // The mail work it queued is done before the next probe, which it would slow down.
        await new Promise((r) => setTimeout(r, 40));
      }
    }
  }
  return times;
}

/** The price reader's answer times for `seconds`, while `flood` runs beside it (or not). */
async function readerLatency(server, seconds, flood) {
  const until = performance.now() + seconds * 1000;
  let floodCount = 0;
  let floodCpu = 0;
  // Each its own client address: the price reader stays under its 600 a minute.
  const reader = newAddress();
  const flooder = newAddress();
  const flooding = (async () => {
    if (!flood) return;
    const base = Date.now() - 30 * 24 * 3600_000;
    while (performance.now() < until) {
      const since = base + Math.floor(Math.random() * 30 * 24 * 3600_000);
      const res = await timed(
        server,
        'GET',
        `/api/exchange/ohlcv/BTC?timeframe=1m&limit=1000&since=${since}`,
        undefined,
        flooder,
      );
      floodCount += 1;
      floodCpu += res.ms;
      if (res.status === 429) await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const samples = [];
  while (performance.now() < until) {
    const res = await timed(server, 'GET', '/api/exchange/price/BTC', undefined, reader);
    if (res.status !== 200) throw new Error(`the price reader got ${res.status}`);
    samples.push(res.ms);
    await new Promise((r) => setTimeout(r, 50));
  }
  await flooding;
  return { samples, floodCount, floodMs: floodCount ? floodCpu / floodCount : 0 };
}

const dataDir = tempDir();
const server = await startServer('probes', SERVER, {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The route limits as shipped: the mail probes come from a new address each (a proxy header),
  // and the candle client from one, so its 60 a minute applies.
  TRUST_PROXY: 'true',
  APP_SECRET: 'probes-secret-that-is-long-enough-0123456789',
});
try {
  const mail = await mailProbe(server);
  const quiet = await readerLatency(server, SECONDS, false);
  const busy = await readerLatency(server, SECONDS, true);
  const row = (kind, route) =>
    `| ${route}, ${kind} address | ${ms(quantile(mail[kind][route], 0.5))} | ${ms(quantile(mail[kind][route], 0.9))} |`;
  const entry = [
    `## Probes (issue 29) — ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `\`node bench/probes.mjs --accounts ${ACCOUNTS} --seconds ${SECONDS}\`: the built server on PGlite, outbox mailer (LOG_LEVEL=warn).`,
    '',
    'Each probe from a new client address (X-Forwarded-For), 40 ms apart so that the mail work one queued is done before the next; known and unknown addresses in turn.',
    '',
    '| request | median | p90 |',
    '|---|---|---|',
    row('known', 'reset'),
    row('unknown', 'reset'),
    row('known', 'resend'),
    row('unknown', 'resend'),
    '',
    '| `GET /api/exchange/price/BTC`, one reader | median | p99 |',
    '|---|---|---|',
    `| alone | ${ms(quantile(quiet.samples, 0.5))} | ${ms(quantile(quiet.samples, 0.99))} |`,
    `| beside one client asking \`ohlcv limit=1000\` with a new \`since\` each time (${busy.floodCount} asked in ${SECONDS} s, ${ms(busy.floodMs)} each on average, 429 past 60 a minute) | ${ms(quantile(busy.samples, 0.5))} | ${ms(quantile(busy.samples, 0.99))} |`,
  ].join('\n');
  printEntry(entry, args.includes('--record'));
} finally {
  await stop(server);
  removeDir(dataDir);
}
