// One start of the server for bench/startup.mjs: `node scripts/start.mjs` (what `npm start`
// runs) with the in-process probe preloaded (startup-probe.mjs), timed to the first 200 on
// `/api/health` and on `/`, then its resident memory after start, after an idle wait and,
// optionally, under a short authenticated load.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = fileURLToPath(new URL('./startup-probe.mjs', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in bytes (VmRSS), or NaN when it is gone. */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * The probe's last snapshot (written every 500 ms by the server's main thread), with the JS
 * heaps and WebAssembly memories of its live worker threads (PGlite's, when it has one) added.
 */
function readProbe(file) {
  const main = readJson(file);
  if (!main) return undefined;
  const prefix = `${basename(file)}.thread`;
  const threads = readdirSync(dirname(file))
    .filter((name) => name.startsWith(prefix) && !name.endsWith('.tmp'))
    // A thread ended by terminate() leaves its last file: only those written lately count.
    .filter((name) => Date.now() - statSync(join(dirname(file), name)).mtimeMs < 2000)
    .map((name) => readJson(join(dirname(file), name)))
    .filter(Boolean);
  const sum = (key) => threads.reduce((total, t) => total + t[key], main[key]);
  return {
    ...main,
    heapUsed: sum('heapUsed'),
    wasmBytes: sum('wasmBytes'),
    threads: threads.length,
  };
}

/** Polls `url` every 20 ms until it answers 200; ms since `t0`. */
async function firstOk(url, t0, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    if (ok) return Math.round(performance.now() - t0);
    if (performance.now() - t0 > 90_000) throw new Error(`no 200 on ${url} after 90 s`);
    await sleep(20);
  }
}

/** Registers a trader and loads GET /api/bingo/card for `seconds`; peak RSS seen meanwhile. */
async function underLoad(base, pid, seconds) {
  const account = {
    username: 'startupbench',
    email: 'startup@example.com',
    password: 'startup-bench-pass',
  };
  const headers = { 'content-type': 'application/json' };
  let res = await fetch(`${base}/api/users/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify(account),
  });
  if (res.status === 409 || res.status === 400) {
    res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
  }
  const { token } = await res.json();
  if (!token) throw new Error(`no token for the load (${res.status})`);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid) || 0)), 250);
  const result = await autocannon({
    url: `${base}/api/bingo/card`,
    headers: { authorization: `Bearer ${token}` },
    connections: 10,
    duration: seconds,
  });
  clearInterval(sampler);
  return {
    peakRss: peak,
    requests: result.requests.total,
    non2xx: result.non2xx + result.errors,
    reqPerSec: Math.round(result.requests.average),
  };
}

/**
 * Starts the server on `dataDir`, measures, stops it. Returns ms to /api/health and `/`, the
 * longest event-loop block until `startWindowMs` after both answered, RSS figures (bytes) and
 * the probe's view of memory (JS heap, WebAssembly memory).
 */
export async function measureStart(
  dataDir,
  { port, idleSeconds, loadSeconds, startWindowMs = 1000 },
) {
  const probeFile = `${dataDir}.probe.json`;
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PROBE}`.trim(),
      STARTUP_PROBE_FILE: probeFile,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The paper market on its seeded path: a bench never calls Hyperliquid.
      PAPER_PRICES: 'synthetic',
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  try {
    const [healthMs, pageMs] = await Promise.all([
      firstOk(`${base}/api/health`, t0, child),
      firstOk(`${base}/`, t0, child),
    ]);
    const ready = Math.max(healthMs, pageMs);
    const rssStart = rssOf(child.pid);
    await sleep(startWindowMs + 600);
    const afterStart = readProbe(probeFile);
    // The probe's clock starts with the process, a few ms after t0: the window is generous.
    const startBlocks = (afterStart?.blocks ?? []).filter(([at]) => at <= ready + startWindowMs);
    const maxBlockMs = Math.max(0, ...startBlocks.map(([, ms]) => ms));
    let rssIdle = NaN;
    let idle;
    if (idleSeconds > 0) {
      await sleep(idleSeconds * 1000);
      rssIdle = rssOf(child.pid);
      idle = readProbe(probeFile);
    }
    let load;
    if (loadSeconds > 0) {
      load = await underLoad(base, child.pid, loadSeconds);
      load.rssAfter = rssOf(child.pid);
      load.probe = readProbe(probeFile);
    }
    return { healthMs, pageMs, maxBlockMs, startBlocks, rssStart, afterStart, rssIdle, idle, load };
  } catch (err) {
    throw new Error(`${err.message}\n${stderr}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    const probeName = basename(probeFile);
    for (const name of readdirSync(dirname(probeFile))) {
      if (name.startsWith(probeName)) rmSync(join(dirname(probeFile), name), { force: true });
    }
  }
}
