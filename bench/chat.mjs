// The premium chat across two instances (issue 31): two app servers (A and B) on one PostgreSQL
// database and one Redis, as instances.mjs starts them. The admin and a few traders made premium
// listen on chat streams on A and on B; messages are posted alternately through A and B, paced
// under the per-user limits (5 per 10 s, 100 per hour), and for each the ms from sending the
// POST to each stream's `message` event is measured, for streams on the posting instance and on
// the other. Prints the entry; --record adds it to RESULTS.md.
//
//   npm run build
//   node bench/chat.mjs [--messages 60] [--listeners 4] [--record]
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { SERVER } from './lib/app.mjs';
import { cpuMeter, QUIET_CORES, sleep, waitForCalm } from './lib/cpu.mjs';
import { fmtCores, fmtMs } from './lib/format.mjs';
import {
  bothSubscribed,
  chatUsers,
  openChatStream,
  pacedPosts,
  spread,
  within,
} from './lib/chat-steps.mjs';
import { redisVersion } from './lib/instances-steps.mjs';
import {
  installPairCleanUp,
  REDIS_KEY_PREFIX,
  REDIS_URL,
  runPairBench,
  startPair,
} from './lib/instance-pair.mjs';
import { createBenchDatabase } from './lib/postgres.mjs';
import { UsageError } from './lib/options.mjs';
import { machine, printEntry } from './lib/report.mjs';

const USAGE = `Usage: node bench/chat.mjs [options]
  --messages N     messages measured, alternately through A and B (default 60)
  --listeners N    chat streams open on each instance (default 4)
  --record         add the entry to RESULTS.md (default: print it only)
  --no-record      print only
  --help           this text
Environment: BENCH_DATABASE_URL, an admin URL of the PostgreSQL server
  (default postgres://postgres@127.0.0.1:5432/postgres; the bench creates and drops its own
  database there); Redis at redis://127.0.0.1:6379 (keys under tb-bench-<pid>:, deleted at the end).`;

function parseArgs(argv) {
  const opts = { messages: 60, listeners: 4, record: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--record') opts.record = true;
    else if (flag === '--no-record') opts.record = false;
    else if (['--messages', '--listeners'].includes(flag)) {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      if (raw === undefined || raw === '' || !Number.isInteger(value) || value <= 0) {
        throw new UsageError(`${flag} needs a whole number above 0, got ${raw ?? 'nothing'}`);
      }
      opts[flag.slice(2)] = value;
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  if (opts.listeners > 100) throw new UsageError('--listeners: at most 100');
  if (opts.messages > 2000) throw new UsageError('--messages: at most 2000');
  return opts;
}

/** The chat's Broadcast channel (apps/server/src/modules/chat/chat-feed.ts) under the prefix. */
const CHAT_CHANNEL = `${REDIS_KEY_PREFIX}chat:events`;
const ROOM = 'general';
/** Posts before the measured ones (two through each instance), not counted. */
const WARMUP = 4;
/** One user's posts at least this far apart: 4 in any 10 s (the limit is 5). */
const USER_GAP_MS = 2_600;
/** Posts per user in a run, under the 100 an hour. */
const PER_USER_MAX = 80;
/** Open chat streams of one user on one instance (the server allows 5). */
const STREAMS_PER_USER = 5;
/** How long after the last POST's answer a missing event still counts as late, not lost. */
const GRACE_MS = 10_000;
const BAR_MS = 1_000;

installPairCleanUp();

/** A and B (instance-pair.mjs), once both listen on the chat's channel. */
async function startChatPair(databaseUrl) {
  const pair = await startPair(databaseUrl);
  await bothSubscribed(REDIS_URL, CHAT_CHANNEL);
  return pair;
}

/** Users needed: one post per USER_GAP_MS each, at most PER_USER_MAX, streams spread; odd. */
function userCount(opts) {
  const total = opts.messages + WARMUP;
  const n = Math.max(
    5,
    Math.ceil(total / PER_USER_MAX),
    Math.ceil(opts.listeners / STREAMS_PER_USER),
  );
  return n % 2 ? n : n + 1;
}

async function measure(a, b, opts) {
  const nUsers = userCount(opts);
  console.log(`sign-up: the admin and ${nUsers - 1} traders made premium`);
  const users = await chatUsers(a, b, nUsers - 1, process.pid);

  // Every message by its (unique) text: the post and each stream's arrival time.
  const byText = new Map();
  const odd = { unknown: 0, duplicate: 0, otherEvents: {} };
  const streams = [];
  const onEvent = (index) => (event, at) => {
    if (event.event === 'ready') return;
    if (event.event !== 'message') {
      odd.otherEvents[event.event] = (odd.otherEvents[event.event] ?? 0) + 1;
      return;
    }
    let text;
    try {
      text = JSON.parse(event.data).message?.text;
    } catch {
      text = undefined;
    }
    const post = byText.get(text);
    if (!post) odd.unknown++;
    else if (post.arrivals.has(index)) odd.duplicate++;
    else post.arrivals.set(index, at);
  };
  console.log(`chat streams: ${opts.listeners} on A, ${opts.listeners} on B`);
  for (let j = 0; j < 2 * opts.listeners; j++) {
    const child = j < opts.listeners ? a : b;
    const user = users[j % users.length];
    streams.push(
      await openChatStream(child, user.token, `${child.label}:${user.username}`, onEvent(j)),
    );
  }
  await within(Promise.all(streams.map((s) => s.ready)), 10_000, 'a ready event on every stream');

  // Post i through A when i is even, B when odd, by user i mod n (n is odd, so each user posts
  // through both); the posts are paced so that no user posts twice within USER_GAP_MS.
  const intervalMs = USER_GAP_MS / users.length;
  const total = WARMUP + opts.messages;
  const plan = Array.from({ length: total }, (_, i) => ({
    i,
    measured: i >= WARMUP,
    child: i % 2 ? b : a,
    user: users[i % users.length],
    text: `chat bench ${process.pid} #${i - WARMUP}${i < WARMUP ? ' (warm-up)' : ''}`,
    arrivals: new Map(),
  }));
  for (const post of plan) byText.set(post.text, post);
  console.log(
    `posting ${opts.messages} messages (+${WARMUP} warm-up), one every ${fmtMs(intervalMs)} ms`,
  );
  const meters = await Promise.all([cpuMeter(a), cpuMeter(b)]);
  const seconds = await pacedPosts(plan, intervalMs, ROOM);
  const expectedOf = (post) => (post.status === 201 ? streams.length : 0);
  const complete = () => plan.every((p) => p.arrivals.size >= expectedOf(p));
  const lastAnswer = Math.max(...plan.map((p) => p.answeredAt));
  while (!complete() && performance.now() - lastAnswer < GRACE_MS) await sleep(20);
  const cpu = await Promise.all(meters.map((m) => m.read()));
  await sleep(200); // anything doubled right behind
  for (const s of streams) s.close();
  await Promise.all(streams.map((s) => s.done));

  const measured = plan.filter((p) => p.measured);
  const rows = { same: { ms: [], expected: 0 }, cross: { ms: [], expected: 0 } };
  const directions = { 'A→B': [], 'B→A': [] };
  const failed = measured.filter((p) => p.status !== 201);
  for (const post of measured) {
    if (post.status !== 201) continue;
    streams.forEach((stream, index) => {
      const kind = stream.instance === post.child.label ? 'same' : 'cross';
      rows[kind].expected++;
      const at = post.arrivals.get(index);
      if (at === undefined) return;
      rows[kind].ms.push(at - post.sentAt);
      if (kind === 'cross')
        directions[`${post.child.label}→${stream.instance}`].push(at - post.sentAt);
    });
  }
  const lost = measured
    .filter((p) => p.status === 201 && p.arrivals.size < streams.length)
    .map((p) => ({
      text: p.text,
      via: p.child.label,
      missing: streams.filter((_, index) => !p.arrivals.has(index)).map((s) => s.label),
    }));
  return {
    users: users.length,
    intervalMs,
    seconds,
    rows,
    directions,
    post: spread(measured.filter((p) => p.status === 201).map((p) => p.answeredAt - p.sentAt)),
    failed: failed.map((p) => `${p.text} via ${p.child.label}: ${p.status} ${p.error ?? ''}`),
    warmupOk: plan.filter((p) => !p.measured).every((p) => p.status === 201),
    lost,
    odd,
    streamTrouble: streams
      .filter((s) => s.endedEarly || s.error)
      .map((s) => `${s.label} ${s.error ? `failed (${s.error})` : 'ended early'}`),
    cpu: { a: cpu[0].server, b: cpu[1].server, all: cpu[0].all },
  };
}

function verdict(r, opts) {
  const all = [...r.rows.same.ms, ...r.rows.cross.ms];
  const expected = r.rows.same.expected + r.rows.cross.expected;
  const posted = r.failed.length === 0;
  const everyOne = all.length === expected && expected === opts.messages * 2 * opts.listeners;
  const fast = all.every((ms) => ms <= BAR_MS);
  return { yes: posted && everyOne && fast, posted, everyOne, fast };
}

function entryText({ startedAt, opts, pgVersion, redis, backgroundLoad, logLines, r }) {
  const args = process.argv.slice(2).join(' ');
  const cores = cpus().length;
  const row = (what, { ms, expected }) => {
    const s = spread(ms);
    return `| ${what} | ${s.n} / ${expected} | ${fmtMs(s.median)} | ${fmtMs(s.p95)} | ${fmtMs(s.max)} |`;
  };
  const v = verdict(r, opts);
  const why = [
    ...(v.posted ? [] : [`${r.failed.length} post(s) refused`]),
    ...(v.everyOne ? [] : ['events missing']),
    ...(v.fast ? [] : [`slower than ${BAR_MS} ms`]),
  ];
  const oddities = [
    ...r.failed.map((f) => `refused post: ${f}`),
    ...r.lost.map(
      (l) =>
        `not received within ${GRACE_MS / 1000} s: "${l.text}" (via ${l.via}) on ${l.missing.join(', ')}`,
    ),
    ...(r.odd.duplicate ? [`${r.odd.duplicate} event(s) received twice by one stream`] : []),
    ...(r.odd.unknown ? [`${r.odd.unknown} message event(s) of no post of this run`] : []),
    ...Object.entries(r.odd.otherEvents).map(([e, n]) => `${n} \`${e}\` event(s)`),
    ...r.streamTrouble.map((t) => `stream ${t}`),
    ...(r.warmupOk ? [] : ['a warm-up post was refused']),
  ];
  const dir = (k) => {
    const s = spread(r.directions[k]);
    return `${k} median ${fmtMs(s.median)} ms, p95 ${fmtMs(s.p95)} ms, max ${fmtMs(s.max)} ms`;
  };
  return [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Chat delivery across two instances (issue 31), \`node bench/chat.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Machine: ${machine(pgVersion)}, ${redis}.`,
    `Two app servers (A and B, \`apps/server/dist\`) on one PostgreSQL database and one Redis (keys under \`tb-bench-<pid>:\`, deleted afterwards), set up as for \`instances.mjs\` (no APP_SECRET, PAPER_EXCHANGE on, RECONCILE_INTERVAL_MS=0, RATE_LIMIT_SCALE=1000, which leaves the chat's per-user limits as they are). The admin (first account) and ${r.users - 1} traders it made premium (\`PUT /api/users/premium-status\`); ${opts.listeners} chat streams (\`GET /api/chat/stream\`, read with fetch) open on A and ${opts.listeners} on B, spread over the ${r.users} users (at most ${Math.ceil(opts.listeners / r.users)} per user and instance; the server allows ${STREAMS_PER_USER}). ${opts.messages} messages with unique texts posted to \`${ROOM}\` alternately through A and B, one every ${fmtMs(r.intervalMs)} ms (each user every ${USER_GAP_MS / 1000} s: under 5 per 10 s and 100 an hour), after ${WARMUP} warm-up posts not counted; ${fmtMs(r.seconds)} s of posting. A time is from just before the POST was sent to the moment the stream's bytes with that \`message\` event were read, in the bench process; "same instance" is a stream on the instance that took the POST (the event comes from its own process), "cross-instance" one on the other (through Redis pub/sub). An event not read ${GRACE_MS / 1000} s after the last POST's answer counts as lost. Cores busy during the posts: A ${r.cpu.a.toFixed(2)}, B ${r.cpu.b.toFixed(2)}, ${r.cpu.all.toFixed(2)} of ${cores} in all; before the run (other work): ${fmtCores(backgroundLoad)}. Server log lines at LOG_LEVEL=warn: A ${logLines.A}, B ${logLines.B} (the bench's check that a free trader's \`GET /api/chat/rooms\` answers 403 logs one line on A per trader: ${r.users - 1} expected).`,
    '',
    '| listeners | delivered / expected | median, ms | p95, ms | max, ms |',
    '|---|---:|---:|---:|---:|',
    row(`same instance (${opts.listeners} streams per message)`, r.rows.same),
    row(`cross-instance (${opts.listeners} streams per message)`, r.rows.cross),
    '',
    `Cross-instance by direction: ${dir('A→B')}; ${dir('B→A')}. The POST's own answer (201, sent after the message is stored and handed to Redis): median ${fmtMs(r.post.median)} ms, p95 ${fmtMs(r.post.p95)} ms, max ${fmtMs(r.post.max)} ms.`,
    '',
    `All within ${BAR_MS / 1000} s: **${v.yes ? 'yes' : 'no'}**${why.length ? ` (${why.join('; ')})` : ''}.`,
    ...(oddities.length
      ? [
          '',
          `Odd: ${oddities.slice(0, 20).join('; ')}${oddities.length > 20 ? `; and ${oddities.length - 20} more` : ''}.`,
        ]
      : []),
    '',
  ].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build first (npm run build)`);
  const redis = await redisVersion(REDIS_URL).catch((err) => {
    throw new Error(`Redis at ${REDIS_URL} is not usable (${err.message})`);
  });
  const postgres = await createBenchDatabase();
  const backgroundLoad = await waitForCalm(60);
  if (backgroundLoad > QUIET_CORES) {
    console.warn(`warning: ${fmtCores(backgroundLoad)} cores busy with other work before the run`);
  }
  const startedAt = new Date();
  const [a, b] = await startChatPair(postgres.url);
  const r = await measure(a, b, opts);
  const { same, cross } = r.rows;
  for (const [name, x] of [
    ['same instance', same],
    ['cross-instance', cross],
  ]) {
    const s = spread(x.ms);
    console.log(
      `  ${name}: ${s.n}/${x.expected} delivered, median ${fmtMs(s.median)} ms, p95 ${fmtMs(s.p95)} ms, max ${fmtMs(s.max)} ms`,
    );
  }
  const entry = entryText({
    startedAt,
    opts,
    pgVersion: postgres.version,
    redis,
    backgroundLoad,
    logLines: { A: a.logLines, B: b.logLines },
    r,
  });
  if (!verdict(r, opts).yes)
    console.warn('warning: not every message reached every stream within 1 s');
  printEntry(entry, opts.record);
}

await runPairBench(main, USAGE);
