// The report of bench/trade-history.mjs: statistics, the bars, the summary of the page's steps,
// the entry for RESULTS.md and the top of a CPU profile.
import { QUIET_CORES } from './cpu.mjs';
import { fmtCores, fmtMs } from './format.mjs';
import { OPEN_TRADES } from './history-data.mjs';
import { machine } from './report.mjs';

export const BAR = { apiMs: 100, openMs: 300, stepMs: 100 };
export const FILTER_PAIR = 'ETHUSDT';

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
export function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p95: percentile(s, 0.95), max: s.at(-1) };
}

export const kb = (bytes) => Math.round(bytes / 1024).toLocaleString('en-US');

/** The functions with the most self time in a CPU profile (the page's scripts are minified). */
export function printProfile(cpu, file) {
  const byNode = new Map(cpu.nodes.map((n) => [n.id, n]));
  const self = new Map();
  cpu.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = byNode.get(id).callFrame;
    const where = url ? `${url.split('/').at(-1)}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000);
  });
  console.log(`  CPU profile of the rounds written to ${file}; most self time:`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`    ${fmtMs(ms).padStart(7)} ms  ${key}`);
  }
}

export const STEP_NAMES = {
  open1: 'open Trade History, first time in the page (loads its code)',
  open: 'open Trade History again',
  more: 'Show more, whole list (50 → 100 cards)',
  pair: `pair filter (${FILTER_PAIR})`,
  sort: 'sort: R, best first',
  from: 'date range: opened from (90 days back)',
  to: 'date range: opened to (30 days back)',
  moreFiltered: 'Show more, filtered list',
  reset: 'Clear filters',
};

export function summarise(pages, throttle) {
  const samples = pages.flatMap((p) => p.samples);
  return Object.keys(STEP_NAMES).map((key) => {
    const mine = samples.filter((s) => s.key === key);
    const bar = key.startsWith('open') ? BAR.openMs : BAR.stepMs;
    const dom = stats(mine.map((s) => s.dom));
    const paint = stats(mine.map((s) => s.paint));
    const longTotal = stats(mine.map((s) => s.longTotal));
    const work = Object.fromEntries(
      ['task', 'script', 'layout', 'style'].map((k) => [k, stats(mine.map((s) => s[k])).p50]),
    );
    return {
      key,
      throttle,
      dom,
      paint,
      longTotal,
      work,
      longMax: Math.max(...mine.map((s) => s.longMax)),
      longCount: mine.reduce((n, s) => n + s.longCount, 0),
      bar,
      met: work.task < bar,
    };
  });
}

export function entryText({
  startedAt,
  opts,
  seconds,
  apiResult,
  pageResults,
  calm,
  logLines,
  stale,
}) {
  const args = process.argv.slice(2).join(' ');
  const int = (n) => n.toLocaleString('en-US');
  const { check } = apiResult;
  const complete = check.listed === opts.trades;
  const apiBar = apiResult.rows[0].p95 < BAR.apiMs;
  const loads = pageResults.flatMap((r) => r.pages);
  const res = loads.map((p) => p.resource).filter(Boolean);
  const lines = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Trade History with ${int(opts.trades)} trades (issue 26), \`node bench/trade-history.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Machine: ${machine()}; Chromium ${pageResults.version} headless. Other work on the machine before the run: ${fmtCores(calm)} cores busy.${stale ? ` The build was older than the (uncommitted) sources of ${stale}.` : ''}`,
    `The built app on a fresh PGlite folder; one trader with ${int(opts.trades)} trades opened over the past year (lib/history-data.mjs: 8 pairs, 55 % long, the newest ${OPEN_TRADES} OPEN, wins at the planned R/R, 6 % break-even, 12 % exchange-verified, 4 % off-plan, 5 % imported, notes on a third), written in one statement in ${seconds.toFixed(1)} s. Server log lines at LOG_LEVEL=warn: ${logLines}.`,
    '',
    `**(a) \`GET /api/trades\`**, one request at a time after ${opts.warmup} warm-up requests, ms to the last byte (node:http, same machine). It listed **${int(check.listed)} of ${int(opts.trades)}** trades${complete ? '' : ' (the rest are missing from the journal the dashboard and Trade History show)'}${check.openFirst ? ', OPEN first' : ', NOT open first'}; uncompressed JSON ${kb(apiResult.rawBytes)} KB.`,
    '',
    `| request | n | p50 ms | p95 ms | max ms | body KB as sent | server cores | other cores | bar (p95 < ${BAR.apiMs} ms) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...apiResult.rows.map(
      (r, i) =>
        `| ${r.name} (${r.encoding}) | ${r.n} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.max)} | ${kb(r.bytes)} | ${fmtCores(r.serverCores)} | ${fmtCores(r.other)}${r.other > QUIET_CORES ? ' (disturbed)' : ''} | ${i === 0 ? (apiBar ? 'met' : 'not met') : '–'} |`,
    ),
    '',
    `The first request after the server started (nothing kept yet, the database's pages not read yet), as Chromium asks: ${fmtMs(apiResult.coldMs)} ms (${apiResult.coldMs < BAR.apiMs ? 'under' : 'over'} the ${BAR.apiMs} ms bar).`,
    '',
    `After a change (an OPEN trade's notes edited through \`PUT /api/trades/:id\`, then the list asked for as Chromium asks; the whole list is read, checked and encoded again), ${apiResult.afterChange.n} changes: p50 ${fmtMs(apiResult.afterChange.p50)} ms, p95 ${fmtMs(apiResult.afterChange.p95)} ms, max ${fmtMs(apiResult.afterChange.max)} ms (${apiResult.afterChange.p95 < BAR.apiMs ? 'under' : 'over'} the ${BAR.apiMs} ms bar).`,
    '',
    `In the page (Resource Timing of the dashboard's own request, ${res.length} loads): ${fmtMs(stats(res.map((r) => r.duration)).p50)} ms median, ${kb(res[0]?.encodedBodySize ?? 0)} KB on the wire, ${kb(res[0]?.decodedBodySize ?? 0)} KB decoded; /bingo showed the ${int(check.listed)} trades' count ${fmtMs(stats(loads.map((p) => p.loaded)).p50)} ms (median) after navigation started.`,
    '',
    `**(b)–(d) Trade History in the page**: ${opts.loads} page loads × ${opts.rounds} rounds per CPU rate (the first open: once per load). Each step is the DOM event React listens to (a click, a select's change, a date input's input), dispatched in the page; "in DOM" is when its result is in the document (found by a MutationObserver), "painted" the end of the next frame after it. Long tasks: PerformanceObserver 'longtask' entries (tasks over 50 ms) overlapping the step, total per step (median) and the longest seen. Main thread: the renderer's main-thread time over the step, in thread time (CDP Performance.getMetrics: all tasks, of which script, layout and style), median; it includes whatever else the page did in those few hundred ms. Bars at 1x, on the median main-thread time (the machine is shared: the wall times also measure the wait for a core): open < ${BAR.openMs} ms, every other step < ${BAR.stepMs} ms.`,
    '',
    '| CPU | step | n | in DOM p50 ms | painted p50 ms | painted p95 ms | painted max ms | main thread p50 ms: all (script / layout / style) | long tasks: count, total p50 ms, longest ms | bar |',
    '|---|---|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const { throttle, rows } of pageResults) {
    for (const r of rows) {
      lines.push(
        `| ${throttle}x | ${STEP_NAMES[r.key]} | ${r.paint.n} | ${fmtMs(r.dom.p50)} | ${fmtMs(r.paint.p50)} | ${fmtMs(r.paint.p95)} | ${fmtMs(r.paint.max)} | ${fmtMs(r.work.task)} (${fmtMs(r.work.script)} / ${fmtMs(r.work.layout)} / ${fmtMs(r.work.style)}) | ${r.longCount}, ${fmtMs(r.longTotal.p50)}, ${fmtMs(r.longMax)} | ${throttle === 1 ? `${r.met ? 'met' : 'not met'} (< ${r.bar} ms)` : '–'} |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
