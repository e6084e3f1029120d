// The load: autocannon runs (max load, overallRate) and our own paced open-loop runs, and
// measureEndpoint, which makes one table row's measurements of an endpoint.
import http from 'node:http';
import autocannon from 'autocannon';
import { QUIET_CORES, cpuMeter, sleep, waitForCalm } from './cpu.mjs';
import { coresText, fmtCores, fmtMs } from './format.mjs';
import { checkAlive } from './processes.mjs';

/**
 * `request` is `{ path, method = 'GET', headers = {}, body }` with `body` a JSON value, or a
 * function giving the next such request (several accounts taking turns). Returns `next()`,
 * the next request ready to send (body as JSON text), and whether requests differ (`varies`).
 */
export function requestSource(request) {
  const varies = typeof request === 'function';
  const next = () => {
    const { path, method = 'GET', headers = {}, body } = varies ? request() : request;
    if (body === undefined) return { path, method, headers };
    const json = { 'content-type': 'application/json', ...headers };
    return { path, method, headers: json, body: JSON.stringify(body) };
  };
  return { varies, next };
}

function failureSummary(count, statusCodes) {
  if (count === 0) return '0';
  const bad = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}×${code}`);
  return `${count}${bad.length ? ` (${bad.join(', ')})` : ''}`;
}

/**
 * One autocannon run. Without `rate`: closed loop, `connections` requests always in flight
 * (throughput at max load). With `rate`: autocannon's overallRate.
 */
async function autocannonRun(child, request, { duration, connections, rate }) {
  const { varies, next } = requestSource(request);
  const first = next();
  const meter = await cpuMeter(child);
  const result = await autocannon({
    url: child.url + first.path,
    method: first.method,
    headers: first.headers,
    body: first.body,
    // A request that changes per request is built anew for each one.
    ...(varies ? { requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }] } : {}),
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
  });
  checkAlive(child);
  const cpu = await meter.read();
  // `errors` already includes `timeouts`; non-2xx responses are counted apart.
  const failures = result.errors + result.non2xx;
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  if (result.errors) codes.error = result.errors;
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    p50: result.latency.p50,
    failures,
    failuresText: failureSummary(failures, codes),
    cpu,
  };
}

/**
 * Open-loop load at a steady `rate`: request i is due at start + i/rate whatever happened to
 * the earlier ones, and its latency counts from that due time (no coordinated omission).
 * autocannon's overallRate instead lets every connection send its per-second share back to
 * back at the start of each second (bursts), see README.md.
 */
async function pacedRun(child, request, { duration, rate }) {
  const { varies, next } = requestSource(request);
  const withUrl = (r) => ({ ...r, url: new URL(child.url + r.path) });
  const fixed = varies ? undefined : withUrl(next());
  const meter = await cpuMeter(child);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const latencies = [];
  const codes = {};
  let failures = 0;
  const start = performance.now() + 20;
  let sent = 0;
  let finished = 0;
  await new Promise((resolve) => {
    const done = (req, code, dueAt) => {
      if (req.counted) return; // a request can report both an error and an end
      req.counted = true;
      codes[code] = (codes[code] ?? 0) + 1;
      if (typeof code === 'number' && code >= 200 && code < 300) {
        latencies.push(performance.now() - dueAt);
      } else failures += 1;
      if (++finished === total) resolve();
    };
    const send = (dueAt) => {
      const { url, method, headers, body } = fixed ?? withUrl(next());
      const req = http.request(url, { method, headers, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => done(req, res.statusCode, dueAt));
        res.on('error', () => done(req, 'error', dueAt));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(req, 'error', dueAt));
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - now - 0.5));
    };
    setTimeout(tick, 20);
  });
  const elapsed = (performance.now() - start) / 1000;
  const cpu = await meter.read();
  agent.destroy();
  checkAlive(child);
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  return {
    rps: latencies.length / elapsed,
    p99: pct(0.99),
    p50: pct(0.5),
    failures,
    failuresText: failureSummary(failures, codes),
    cpu,
  };
}

/**
 * Measures one endpoint: a short warm-up, max load, then the fixed rate with autocannon and
 * paced. The paced run is skipped when max throughput is below the rate: an open-loop queue
 * would only grow for the whole run.
 */
export async function measureEndpoint(child, request, opts) {
  const { duration, connections, rate } = opts;
  const show = (what, r) =>
    console.log(
      `    ${what.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmtMs(r.p50)} ms  ` +
        `p99 ${fmtMs(r.p99)} ms  errors/non-2xx ${r.failuresText}` +
        (r.cpu ? `  cores busy: ${coresText(r.cpu)}` : ''),
    );
  // Requests the previous run left in flight (the client hangs up at its end, the server still
  // works them off) must not eat into the next one.
  const settle = () => sleep(1_000);
  // On a shared machine other work comes and goes: a run it disturbed is measured again, after
  // waiting for calm, and the least disturbed attempt is kept.
  const steady = async (what, run) => {
    let best;
    for (let attempt = 0; ; attempt++) {
      const r = await run();
      await settle();
      show(what, r);
      if (!best || r.cpu.other < best.cpu.other) best = r;
      if (!(r.cpu.other > QUIET_CORES) || attempt >= opts.retries) return best;
      console.log(`    disturbed by other work (${fmtCores(r.cpu.other)} cores): again`);
      await waitForCalm(60);
    }
  };
  await autocannonRun(child, request, { duration: Math.min(2, duration), connections });
  await settle();
  const max = await steady(`max (${connections} conns)`, () =>
    autocannonRun(child, request, { duration, connections }),
  );
  const burst = await steady(`${rate}/s autocannon`, () =>
    autocannonRun(child, request, { duration, connections, rate }),
  );
  let paced;
  if (max.rps >= rate) {
    paced = await steady(`${rate}/s paced`, () => pacedRun(child, request, { duration, rate }));
  } else console.log(`    ${rate}/s paced: skipped, max throughput is below ${rate} req/s`);
  return { max, burst, paced };
}
