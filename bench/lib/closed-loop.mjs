// Closed-loop load with exact latency percentiles: autocannon with `connections` requests
// always in flight, every 2xx response's time kept (autocannon's own summary has no p95), the
// cores in use measured as in load.mjs, and a run that other work disturbed measured again.
import autocannon from 'autocannon';
import { QUIET_CORES, cpuMeter, sleep, waitForCalm } from './cpu.mjs';
import { coresText, fmtCores, fmtMs } from './format.mjs';
import { checkAlive } from './processes.mjs';

/** The q-quantile (0..1) of sorted numbers, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Non-2xx responses and errors (time-outs included): the count and `count (n×code, ...)`. */
function failures(errors, statuses) {
  const bad = Object.entries(statuses).filter(([code]) => !code.startsWith('2'));
  if (errors) bad.push(['error', errors]);
  const count = bad.reduce((sum, [, n]) => sum + n, 0);
  const text = count ? `${count} (${bad.map(([code, n]) => `${n}×${code}`).join(', ')})` : '0';
  return { count, text };
}

/** One closed-loop run of `GET path`: throughput (2xx/s), p50/p95/p99/max of 2xx, failures. */
export async function closedLoopRun(child, path, { duration, connections }) {
  const latencies = [];
  const statuses = {};
  const meter = await cpuMeter(child);
  const instance = autocannon({ url: child.url + path, connections, duration, timeout: 10 });
  instance.on('response', (_client, status, _bytes, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  checkAlive(child);
  const cpu = await meter.read();
  latencies.sort((a, b) => a - b);
  const failed = failures(result.errors, statuses);
  return {
    requests: latencies.length,
    rps: latencies.length / result.duration,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    failures: failed.count,
    failuresText: failed.text,
    cpu,
  };
}

/**
 * Warm-up (2 s at the same concurrency), then the measured run; a run in which other work took
 * more than QUIET_CORES cores is measured again after waiting for calm, up to `retries` times,
 * keeping the least disturbed. A 1 s pause after each run lets requests still in flight finish.
 */
export async function measureClosedLoop(child, path, { duration, connections, retries }) {
  await closedLoopRun(child, path, { duration: Math.min(2, duration), connections });
  await sleep(1_000);
  let best;
  for (let attempt = 0; ; attempt++) {
    const r = await closedLoopRun(child, path, { duration, connections });
    await sleep(1_000);
    console.log(
      `    ${connections} conn${connections === 1 ? '' : 's'}: ${r.rps.toFixed(1)} req/s, p50 ${fmtMs(r.p50)} / p95 ${fmtMs(r.p95)} / p99 ${fmtMs(r.p99)} ms, failures ${r.failuresText}, cores ${coresText(r.cpu)}`,
    );
    if (!best || r.cpu.other < best.cpu.other) best = r;
    if (!(r.cpu.other > QUIET_CORES) || attempt >= retries) return best;
    console.log(`    disturbed by other work (${fmtCores(r.cpu.other)} cores): again`);
    await waitForCalm(60);
  }
}
