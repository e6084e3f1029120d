// The leaderboard bench's data and query: the SQL that seeds users, trades and subscriptions
// in bulk (deterministic, the same on PGlite and PostgreSQL), the leaderboard's own SQL taken
// from the built repository, and the check of an answer.
import { PgDialect } from 'drizzle-orm/pg-core';

const REPOSITORY = new URL(
  '../../apps/server/dist/modules/leaderboard/leaderboard.repository.js',
  import.meta.url,
);

/** Where the query comes from, for the entry. */
export const QUERY_SOURCE =
  'apps/server/dist/modules/leaderboard/leaderboard.repository.js (the built LeaderboardRepository.ranked, SQL captured, not copied)';

/** Mirrors LEADERBOARD_LIMIT of leaderboard.service.ts: the rows an answer holds at most. */
export const LIMIT = 100;

/** A uniform number in [0, 1) from a text key: md5-based, so the same on every database. */
const rand = (key) => `(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

/** Usernames of the bench's users: `trader000001`, ... (lower case: no collation surprises). */
const USERNAME_PREFIX = 'trader';

/**
 * The statements that fill an empty, migrated database (one transaction is up to the caller):
 *
 * - `users` users; every 10th left the leaderboard (show_on_leaderboard = false), every 20th
 *   (from the 3rd) is a paid user.
 * - closed trades: `tradesPerUser` on average, exactly `users × tradesPerUser` in all. Users are
 *   paired; one of a pair has `tradesPerUser + x`, the other `tradesPerUser - x`, x in
 *   [0, tradesPerUser), so counts range from 1 to 2 × tradesPerUser - 1 and the trades sort
 *   means something. Each user has a skill (win probability 0.3 to 0.7); a trade's planned R/R
 *   is 0.5 to 4, its risk $10 to $100; a win gains risk × R/R, a loss loses the risk. Every
 *   3rd user cleared their history once (the oldest quarter hidden: still counted).
 * - open trades: every 4th user has 1 to 3 (not counted by the leaderboard).
 * - subscriptions: every 7th user has one, every 14th still running; every 35th also an older
 *   expired one.
 */
export function seedStatements({ users, tradesPerUser }) {
  const n = Math.round(users);
  const t = Math.round(tradesPerUser);
  const userNumber = `substr(username, ${USERNAME_PREFIX.length + 1})::int`;
  return [
    `insert into users (username, email, password_hash, is_paid_user, show_on_leaderboard, created_at)
     select '${USERNAME_PREFIX}' || lpad(i::text, 6, '0'),
            '${USERNAME_PREFIX}' || lpad(i::text, 6, '0') || '@bench.example',
            'not-a-hash',
            i % 20 = 3,
            i % 10 <> 0,
            now() - interval '400 days' + i * interval '1 minute'
     from generate_series(1, ${n}) i`,
    `with us as (
       select id, n, 0.3 + 0.4 * ${rand(`'w' || n`)} as skill,
              case when n % 2 = 1 and n = ${n} then ${t}
                   when n % 2 = 1 then ${t} + floor(${rand(`'c' || (n - 1) / 2`)} * ${t})::int
                   else ${t} - floor(${rand(`'c' || (n - 1) / 2`)} * ${t})::int end as closed
       from (select id, ${userNumber} as n from users) numbered
     ), draws as (
       select us.id, us.n, us.skill, us.closed, j,
              ${rand(`'s' || us.n || '-' || j`)} as r_status,
              round(0.5 + 3.5 * ${rand(`'r' || us.n || '-' || j`)}, 2) as rr,
              10 + floor(91 * ${rand(`'k' || us.n || '-' || j`)}) as risk,
              round(100 + 900 * ${rand(`'e' || us.n || '-' || j`)}, 2) as entry,
              ${rand(`'l' || us.n || '-' || j`)} < 0.6 as is_long,
              now() - interval '365 days' + (j - 1) * (interval '360 days' / us.closed)
                + ${rand(`'d' || us.n || '-' || j`)} * interval '1 day' as at
       from us, generate_series(1, us.closed) j
     )
     insert into trades (user_id, pair, is_long, entry_price, stop_loss, take_profit,
                         risk_reward_ratio, status, profit_loss, hidden, date, closed_at,
                         created_at, updated_at, size_usd, quantity, risk_usd, exit_price,
                         r_multiple, pnl_usd)
     select id,
            (array['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT'])[1 + j % 5],
            is_long,
            entry,
            case when is_long then entry * 0.98 else entry * 1.02 end,
            case when is_long then entry + entry * 0.02 * rr else entry - entry * 0.02 * rr end,
            rr,
            (case when r_status < skill then 'TARGET_HIT' else 'STOPLOSS_HIT' end)::trade_status,
            -- per unit: the USD result over the quantity (risk / (2% of entry))
            case when r_status < skill then entry * 0.02 * rr else -entry * 0.02 end,
            n % 3 = 0 and j <= closed / 4,
            at, at + interval '6 hours', at, at + interval '6 hours',
            -- $risk at a stop 2% away: a position of 50 x risk dollars
            50 * risk,
            50 * risk / entry,
            risk,
            case when r_status < skill
              then (case when is_long then entry + entry * 0.02 * rr else entry - entry * 0.02 * rr end)
              else (case when is_long then entry * 0.98 else entry * 1.02 end) end,
            case when r_status < skill then rr else -1 end,
            case when r_status < skill then round(risk * rr, 2) else -risk end
     from draws`,
    `insert into trades (user_id, pair, is_long, entry_price, stop_loss, take_profit,
                         risk_reward_ratio, status, date, created_at, updated_at,
                         size_usd, quantity, risk_usd)
     select id, 'BTCUSDT', true, 110, 100, 130, 2, 'OPEN',
            now() - j * interval '1 hour', now() - j * interval '1 hour', now(),
            1000, 1000 / 110.0, 90.909091
     from (select id, ${userNumber} as n from users) numbered,
          generate_series(1, 1 + n % 3) j
     where n % 4 = 0`,
    `insert into subscriptions (user_id, plan, start_date, end_date, cancelled_at)
     select id, 'monthly'::subscription_plan, now() - interval '20 days',
            case when n % 14 = 0 then now() + interval '10 days' else now() - interval '1 day' end,
            null
     from (select id, ${userNumber} as n from users) numbered
     where n % 7 = 0
     union all
     select id, 'annual'::subscription_plan, now() - interval '500 days', now() - interval '135 days',
            now() - interval '200 days'
     from (select id, ${userNumber} as n from users) numbered
     where n % 35 = 0`,
  ];
}

/** What the seed is expected to have written, to check the counts. */
export function expectedCounts({ users, tradesPerUser }) {
  const n = Math.round(users);
  let open = 0;
  for (let i = 4; i <= n; i += 4) open += 1 + (i % 3);
  return { users: n, closed: n * Math.round(tradesPerUser), open };
}

export const COUNT_SQL = `select
  (select count(*)::int from users) as users,
  (select count(*)::int from trades where status <> 'OPEN') as closed,
  (select count(*)::int from trades where status = 'OPEN') as open,
  (select count(*)::int from subscriptions) as subscriptions,
  (select count(*)::int from users where show_on_leaderboard) as listed`;

/**
 * The leaderboard's SQL as the server runs it: the built repository's `ranked` with a stand-in
 * database that captures the statement, rendered by drizzle's PostgreSQL dialect.
 * Returns `{ sql, params }` ($1, $2, ... placeholders).
 */
export async function leaderboardQuery(sort, direction, now = new Date()) {
  const { LeaderboardRepository } = await import(REPOSITORY.href);
  let captured;
  const capture = {
    execute: async (statement) => {
      captured = statement;
      return { rows: [] };
    },
  };
  await new LeaderboardRepository(capture).ranked(sort, direction, now, LIMIT);
  const { sql, params } = new PgDialect().sqlToQuery(captured);
  return { sql, params };
}

/**
 * EXPLAIN ANALYZE of `query`: after 3 plain runs (caches, hint bits), `runs` times with
 * TIMING OFF (per-node clock reads cost a lot under PGlite's WebAssembly and would inflate the
 * total), then once with per-node timing and buffers for the plan. `run(sql, params)` gives
 * the result rows. Returns the median and every execution time (ms, timing off), the planning
 * time, and the timed plan with its own execution time.
 */
export async function explainQuery(run, { sql, params }, runs = 5) {
  const explain = async (options) => {
    const rows = await run(`explain (${options}) ${sql}`, params);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    const time = (what) => Number(new RegExp(`${what} Time: ([\\d.]+) ms`).exec(plan)?.[1]);
    return { plan, execution: time('Execution'), planning: time('Planning') };
  };
  for (let i = 0; i < 3; i++) await run(sql, params);
  const untimed = [];
  for (let i = 0; i < runs; i++) untimed.push(await explain('analyze, timing off'));
  const executions = untimed.map((r) => r.execution);
  const sorted = [...untimed].sort((a, b) => a.execution - b.execution);
  const median = sorted[Math.floor(runs / 2)];
  const timed = await explain('analyze, buffers');
  return {
    execution: median.execution,
    planning: median.planning,
    executions,
    plan: timed.plan,
    timedExecution: timed.execution,
  };
}

/** The value an answer's row is sorted by, per sort key. */
export const SORT_FIELD = {
  trades: 'totalTrades',
  winrate: 'winrate',
  gain: 'totalGain',
  rr: 'riskRewardRatio',
};

/**
 * Why an answer of GET /api/leaderboard?sort=&direction= is wrong, or undefined when it is
 * right: `expectedRows` rows, sorted by the key in that direction, ties by username A→Z,
 * competition ranks, and none of the users who left the leaderboard.
 */
export function answerProblem(rows, sort, direction, expectedRows) {
  if (!Array.isArray(rows)) return 'not an array';
  if (rows.length !== expectedRows) return `${rows.length} rows, expected ${expectedRows}`;
  const field = SORT_FIELD[sort];
  const sign = direction === 'asc' ? 1 : -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const number = Number(row.username.slice(USERNAME_PREFIX.length));
    if (number % 10 === 0) return `row ${i + 1}: ${row.username} left the leaderboard`;
    if (!(row.totalTrades > 0)) return `row ${i + 1}: no closed trade`;
    if (i === 0) {
      if (row.rank !== 1) return `row 1 has rank ${row.rank}`;
      continue;
    }
    const prev = rows[i - 1];
    const step = sign * (row[field] - prev[field]);
    if (step < 0) return `rows ${i} and ${i + 1} out of order on ${field}`;
    if (step === 0) {
      const lower = prev.username.toLowerCase();
      if (!(lower < row.username.toLowerCase())) return `tie at rows ${i}-${i + 1} not A→Z`;
      if (row.rank !== prev.rank)
        return `tie at rows ${i}-${i + 1} with ranks ${prev.rank}, ${row.rank}`;
    } else if (row.rank !== i + 1) return `row ${i + 1} has rank ${row.rank}, expected ${i + 1}`;
  }
  return undefined;
}
