// The entry of live-crash.mjs: one table per database (a row per step killed) and one for two
// instances, with the totals issue 23 asks for (kills, placements, orphans, trades stuck).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXPECTED, INTERVAL_MS, isPlacement } from './live-crash-steps.mjs';
import { machine } from './report.mjs';

// ---------------------------------------------------------------------------------------------
// The entry

export const sum = (xs, f) => xs.reduce((n, x) => n + f(x), 0);
export const counts = (xs) => {
  const byValue = new Map();
  for (const x of xs) byValue.set(x, (byValue.get(x) ?? 0) + 1);
  return [...byValue].map(([v, n]) => `${n}× ${v}`).join(', ');
};
export const answerText = (r) => (r ? `${r.status}${r.code ? ` ${r.code}` : ''}` : '–');

/** A placement that left two trades, or whose retries answered two different trades. */
export function doubles(kill) {
  if (!isPlacement(kill.point)) return 0;
  const ids = new Set([kill.retry1?.id, kill.retry2?.id].filter(Boolean));
  return kill.check.trades > 1 || ids.size > 1 ? 1 : 0;
}

/** A retry that acted again after the first request's action had been carried out. */
export const actedAgain = (kill) =>
  !isPlacement(kill.point) && kill.outcome === 'adopted' && kill.acted ? 1 : 0;

export function pointRows(kills, { pair = false } = {}) {
  const lines = [];
  const steps = [...new Set(kills.map((k) => k.step))];
  for (const step of steps) {
    const ks = kills.filter((k) => k.step === step);
    const { point } = ks[0];
    const orphans = sum(ks, (k) => (k.intents.length > 0 ? 1 : 0));
    const outcome = counts(ks.map((k) => k.outcome));
    const unexpected = ks.filter((k) => k.outcome !== EXPECTED[k.step]).length;
    const atStart = ks.filter((k) => k.resolvedAtStart !== undefined);
    const resolvedAtStart = pair
      ? (() => {
          const ms = ks.map((k) => k.resolvedMs).filter((x) => x !== null);
          const times = ms.map((x) => x.toLocaleString('en-US')).join(', ');
          return `${ms.length} of ${ks.length}${ms.length ? `: ${times} ms` : ''}`;
        })()
      : atStart.length
        ? `${sum(atStart, (k) => (k.resolvedAtStart === 0 && k.intents.length > 0 ? 1 : 0))} of ${sum(atStart, (k) => (k.intents.length > 0 ? 1 : 0))}`
        : '– (PGlite)';
    const retry1 = isPlacement(point) ? counts(ks.map((k) => answerText(k.retry1))) : '–';
    const retry2 = pair
      ? String(sum(ks, (k) => (k.leaseHeld ? 1 : 0)))
      : counts(ks.map((k) => answerText(k.retry2)));
    const again = pair ? '–' : sum(ks, actedAgain);
    lines.push(
      `| \`${point}\`${step === point ? '' : step.slice(point.length)} | ${ks.length} | ${orphans} | ${resolvedAtStart} | ${outcome}${unexpected ? ` (**${unexpected} unexpected**)` : ''} | ${retry1} | ${retry2} | ${sum(ks, doubles)} | ${again} | ${sum(ks, (k) => k.check.stuck)} | ${sum(ks, (k) => k.check.foreign)} | ${sum(ks, (k) => k.check.unprotected)} | ${sum(ks, (k) => k.check.oversized)} | ${sum(ks, (k) => k.check.intentsLeft)} |`,
    );
  }
  return lines;
}

export const HEADER = [
  '| step killed | kills | orphans found (intents after the kill) | resolved by the next start-up | resolution | retry right after the restart (same key) | retry after resolution (same key) | double orders | retries that acted again | trades stuck | orders without a journal trade | positions without a stop | positions larger than the journal | intents left |',
  '|---|---:|---:|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
];
export const PAIR_HEADER = [
  "| step killed on A | kills | orphans found | resolved by B, ms from the kill | resolution | retry through B (same key) | the dead A held the reconciler lease of the trader's connection | double orders | – | trades stuck | orders without a journal trade | positions without a stop | positions larger than the journal | intents left |",
  '|---|---:|---:|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|',
];

export function totals(kills) {
  const placementsKilled = kills.filter((k) => isPlacement(k.point)).length;
  // Brackets the harness had placed: the exit steps' own brackets, the killed placements that
  // reached the exchange, and placements by a retry after a dropped intent.
  const brackets =
    kills.filter((k) => !isPlacement(k.point)).length +
    kills.filter((k) => ['place:sent', 'place:recorded'].includes(k.point)).length +
    kills.filter(
      (k) => k.point === 'place:intent' && [k.retry1?.status, k.retry2?.status].includes(201),
    ).length;
  const orphans = kills.filter((k) => k.intents.length > 0);
  return {
    kills: kills.length,
    placementsKilled,
    brackets,
    orphans: orphans.length,
    adopted: orphans.filter((k) => ['adopted', 'closed verified', 'closed'].includes(k.outcome))
      .length,
    dropped: orphans.filter((k) => k.outcome === 'dropped').length,
    unexpected: kills.filter((k) => k.outcome !== EXPECTED[k.step]).length,
    stuck: sum(kills, (k) => k.check.stuck),
    foreign: sum(kills, (k) => k.check.foreign),
    unprotected: sum(kills, (k) => k.check.unprotected),
    oversized: sum(kills, (k) => k.check.oversized),
    intentsLeft: sum(kills, (k) => k.check.intentsLeft),
    doubles: sum(kills, doubles),
    actedAgain: sum(kills, actedAgain),
  };
}

export const totalsText = (t) =>
  `${t.kills} kills, ${t.placementsKilled} of them placements; ${t.brackets} brackets on the exchange; ${t.orphans} orphans found (${t.adopted} adopted, ${t.dropped} dropped); ${t.unexpected} resolutions other than expected; trades stuck ${t.stuck}; orders without a journal trade ${t.foreign}; positions without a stop ${t.unprotected}; positions larger than the journal ${t.oversized}; intents left ${t.intentsLeft}; double orders ${t.doubles}; retries that acted again ${t.actedAgain}`;

export function sourceText() {
  const git = (...args) =>
    execFileSync('git', args, { cwd: fileURLToPath(new URL('../..', import.meta.url)) })
      .toString()
      .trim();
  try {
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'apps/server', 'packages');
    return dirty ? `${head} with uncommitted changes in apps/server or packages` : head;
  } catch {
    return 'unknown commit';
  }
}

const fmtPx = (px) => px.toLocaleString('en-US');

export function entryText({ startedAt, runs, pair, source, buildChanged, stale }) {
  const args = process.argv.slice(2).join(' ');
  const pgRun = runs.find((r) => r.kind === 'postgres');
  const { levels } = runs[0];
  const lines = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Crash harness of the live loop (issue 23), \`node bench/live-crash.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Machine: ${machine(pgRun?.pgVersion)}. Server \`apps/server/dist\` built from ${source}${stale ? ` (older than its sources: ${stale})` : ''}${buildChanged ? '; **the build changed during the run**' : ''}.`,
    `How: each kill is a fresh trader on a server started with \`TEST_CRASH_AT=<step>\` (NODE_ENV=development, RECONCILE_INTERVAL_MS=${INTERVAL_MS}, an INSTANCE_ID kept across restarts, PAPER_CONTROL): it registers, makes a one-click paper account, turns live trading on and, for an exit step, places its bracket first (market for stop and close, a limit 3 % below the mark for cancel); then the action with an \`Idempotency-Key\` (placements: limit and market in turn; the stop moved from ${fmtPx(levels.market.stopLoss)} to ${fmtPx(levels.movedStop)}). In every kill counted the process died by SIGKILL at the step and the request got no answer. BTC is pinned at ${fmtPx(levels.mark)} (the paper exchange's own seeded mark when the run started) right after every start; a restart's start-up resolution reads the accounts before a pin can be set, so every level sits at least 3 % from the mark. The two kills "stop filled while down" pin ${fmtPx(levels.high.mark)} while the crash server runs and put the bracket's stop (placement) or the moved stop at ${fmtPx(levels.high.movedStop)}: the restart's first read of the account, on the seeded price, fills it before the orphan is resolved (the failure issue 23 reported for stop moves: trades left OPEN for ever).`,
    `Columns: "orphans found", the trader's \`live_intents\` rows right after the kill (PGlite: read from a copy of the killed server's folder). The next kill's server is the restart (start-up resolution reaches no fault point, and the steps alternate placements and exit actions, so the placement's retry cannot reach the armed step): "resolved by the next start-up" counts the orphans gone once it was ready (PostgreSQL only: a running server's PGlite folder is its own); "retry right after the restart" is the placement sent there again with its key. A server without the hook ends each database: the grace of intents the exchange never saw (30 s on the real clock) waited out, "resolution" read from the journal (adopted: the trade, the new stop, the close or the cancel is recorded; dropped: the intent is gone and nothing was done), every request sent once more with its key ("retry after resolution"; "acted again": it changed the orders, positions or trades although the first request's action had been carried out), then the invariants on the paper exchange's \`frontendOpenOrders\` (with children) and \`clearinghouseState\` against the stored \`trade_orders\`, \`trades\` and \`live_intents\` rows: an order without a journal trade, a position without a reduce-only Stop Market, a position larger than the entry fills of the journal's open trades, an intent left, a trade stuck (OPEN with neither an order nor a position on the exchange), a double order (a placement with two trades, or retries answering two different trades).`,
    '',
  ];
  for (const run of runs) {
    lines.push(
      `**${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}** (${run.kills.length} kills, ${run.servers} server starts, ${Math.round(run.seconds)} s; server log lines at LOG_LEVEL=warn: ${run.logLines}): ${totalsText(totals(run.kills))}.`,
      '',
      ...HEADER,
      ...pointRows(run.kills),
      '',
    );
  }
  if (pair) {
    lines.push(
      `**Two instances on PostgreSQL** (same database, A and B with INSTANCE_IDs of their own; B runs throughout, A is started armed for each kill and not restarted: B's reconciler resolves the orphan, timed from A's exit by polling \`live_intents\` every 100 ms; a reconciler lease the dead A held (its pass was reading the trader's fills) runs out only after 30 s; ${Math.round(pair.seconds)} s; log lines ${pair.logLines}): ${totalsText(totals(pair.kills))}.`,
      '',
      ...PAIR_HEADER,
      ...pointRows(pair.kills, { pair: true }),
      '',
    );
  }
  return lines.join('\n');
}
