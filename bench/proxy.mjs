// The reverse proxy of compose.yaml, without Docker (issue 14): Caddy (Debian's package) runs the
// repository's Caddyfile in front of two app servers on one PostgreSQL database and one Redis,
// as compose.yaml wires them. Through the proxy: a trader signs up and reads the board; wrong
// passwords from one address are limited at the same attempt as on one instance; the dashboard's
// own document arrives compressed with its inline script allowed by hash; then each instance in
// turn is stopped (SIGTERM, as a deploy does) while requests keep coming, and every request must
// still be answered. Prints the entry; --record adds it to RESULTS.md.
//
//   apt-get install caddy && npm run build
//   node bench/proxy.mjs [--record]
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER } from './lib/app.mjs';
import { cleanUp, installCleanUp, runBench } from './lib/cleanup.mjs';
import { sleep } from './lib/cpu.mjs';
import {
  attemptsUntil429,
  call,
  dropRedisKeys,
  expectStatus,
  redisVersion,
  signUp,
  until,
} from './lib/instances-steps.mjs';
import { UsageError } from './lib/options.mjs';
import { createBenchDatabase } from './lib/postgres.mjs';
import { children, freePort, startServer, stop, tempDir } from './lib/processes.mjs';
import { machine, printEntry } from './lib/report.mjs';

const USAGE = `Usage: node bench/proxy.mjs [--record]
  --record   add the entry to RESULTS.md (default: print it only)
Needs caddy on the PATH (apt-get install caddy), a build (npm run build), PostgreSQL
(BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a database of its own,
dropped at the end) and Redis at redis://127.0.0.1:6379 (keys under tb-bench-<pid>:, deleted).`;

const CADDYFILE = fileURLToPath(new URL('../Caddyfile', import.meta.url));
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const REDIS_URL = 'redis://127.0.0.1:6379';
const REDIS_KEY_PREFIX = `tb-bench-${process.pid}:`;
/** Requests sent while an instance stops, one every this many ms, for STOP_WINDOW_MS. */
const STOP_EVERY_MS = 50;
const STOP_WINDOW_MS = 8_000;

function options(argv) {
  const record = argv.includes('--record');
  const unknown = argv.find((a) => a !== '--record');
  if (unknown) throw new UsageError(`unknown option ${unknown}`);
  return { record };
}

function caddyVersion() {
  const probe = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new UsageError('caddy is not installed (apt-get install caddy)');
  }
  return probe.stdout.trim().split(' ')[0];
}

/** Caddy with the repository's Caddyfile, in front of `upstreams`; `{ url, label }` like a server. */
async function startCaddy(upstreams) {
  const port = await freePort();
  const child = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      SITE_ADDRESS: `:${port}`,
      APP_UPSTREAMS: upstreams.map((u) => new URL(u.url).host).join(' '),
      XDG_DATA_HOME: tempDir(),
      XDG_CONFIG_HOME: tempDir(),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.label = 'proxy';
  child.url = `http://127.0.0.1:${port}`;
  try {
    const up = async () => (await call(child, 'GET', '/api/health')).status === 200;
    await until('the proxy', () => up().catch(() => false), { everyMs: 200 });
  } catch (err) {
    throw new Error(`${err.message}; caddy said:\n${log}`);
  }
  return child;
}

/** Sends a card read every STOP_EVERY_MS through the proxy while `instance` stops. */
async function readsWhileStopping(proxy, instance, token) {
  const sent = [];
  const stopping = sleep(500).then(() => stop(instance));
  const end = performance.now() + STOP_WINDOW_MS;
  while (performance.now() < end) {
    sent.push(
      call(proxy, 'GET', '/api/bingo/card', { token }).then(
        (r) => r.status,
        (err) => `error ${err.cause?.code ?? err.message}`,
      ),
    );
    await sleep(STOP_EVERY_MS);
  }
  await stopping;
  const statuses = await Promise.all(sent);
  const failed = statuses.filter((s) => s !== 200);
  return { sent: statuses.length, failed: failed.length, examples: [...new Set(failed)] };
}

async function main() {
  const opts = options(process.argv.slice(2));
  const caddy = caddyVersion();
  const postgres = await createBenchDatabase();
  const redis = await redisVersion(REDIS_URL);
  const env = () => ({
    DATA_DIR: tempDir(),
    DATABASE_URL: postgres.url,
    REDIS_URL,
    REDIS_KEY_PREFIX,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    RECONCILE_INTERVAL_MS: '0',
    WEB_DIST,
  });
  try {
    const a = await startServer('A', SERVER, env());
    const b = await startServer('B', SERVER, env());
    const proxy = await startCaddy([a, b]);
    const r = {};

    await signUp(proxy, 'proxy-admin');
    const trader = await signUp(proxy, 'proxy-trader');
    const reads = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(proxy, 'GET', '/api/bingo/card', { token: trader.token }),
      ),
    );
    r.reads = reads.filter((x) => x.status === 200).length;

    const victim = await signUp(proxy, 'proxy-throttle');
    r.login = await attemptsUntil429([proxy], victim, () => '10.9.0.1', 50);

    const page = await fetch(`${proxy.url}/bingo`, { headers: { 'accept-encoding': 'br' } });
    const html = await page.text();
    r.page = {
      status: page.status,
      encoding: page.headers.get('content-encoding'),
      preload: /<link rel="modulepreload" crossorigin href="\/assets\/bingo-/.test(html),
      scriptHash: /script-src 'self' 'sha256-/.test(page.headers.get('content-security-policy')),
    };

    r.stopA = await readsWhileStopping(proxy, a, trader.token);
    // B alone now; A comes back on another port (a new process), as after a deploy.
    const a2 = await startServer('A2', SERVER, env());
    await stop(proxy);
    const proxy2 = await startCaddy([a2, b]);
    r.stopB = await readsWhileStopping(proxy2, b, trader.token);
    await expectStatus(proxy2, 200, 'GET', '/api/users/me', { token: trader.token });

    printEntry(entryText({ opts, caddy, postgres, redis, r }), opts.record);
  } finally {
    await cleanUp();
    await dropRedisKeys(REDIS_URL, REDIS_KEY_PREFIX).catch(() => 0);
  }
}

function entryText({ caddy, postgres, redis, r }) {
  const stops = (s) =>
    `${s.sent - s.failed} of ${s.sent} answered 200${s.failed ? ` (failed: ${s.examples.join(', ')})` : ''}`;
  return [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Reverse proxy (issue 14), \`node bench/proxy.mjs\``,
    '',
    `Machine: ${machine(postgres.version)}, Caddy ${caddy} (Debian), ${redis}.`,
    "The repository's Caddyfile (compose.yaml's proxy) run by Debian's Caddy with APP_UPSTREAMS set to two app servers (A and B, `apps/server/dist`, the built web app) on one PostgreSQL database and one Redis, TRUST_PROXY=true, no APP_SECRET (the one kept in the database). Everything below goes through the proxy (round robin). The stops: a card read every " +
      `${STOP_EVERY_MS} ms for ${STOP_WINDOW_MS / 1000} s, the instance sent SIGTERM 0.5 s in (it drains, then closes); for the second, A runs again as a new process and Caddy is restarted with its new address.`,
    '',
    '| what | result |',
    '|---|---|',
    `| 40 authenticated card reads at once | ${r.reads} of 40 answered 200 |`,
    `| wrong passwords from one address | 429 at attempt ${r.login.attempt ?? 'none in 50'} (retry-after ${r.login.retryAfter} s) |`,
    `| \`/bingo\` | ${r.page.status}, ${r.page.encoding ?? 'uncompressed'}; its own document (the dashboard's chunk preloaded): ${r.page.preload ? 'yes' : 'no'}; CSP with the inline script's sha256: ${r.page.scriptHash ? 'yes' : 'no'} |`,
    `| A stopped during reads | ${stops(r.stopA)} |`,
    `| B stopped during reads (A back) | ${stops(r.stopB)} |`,
    '',
  ].join('\n');
}

installCleanUp();
await runBench(main, USAGE);
