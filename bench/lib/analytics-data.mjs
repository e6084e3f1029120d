// The data of bench/analytics.mjs: one trader's trades, generated deterministically, the SQL
// that writes them in one statement, and what the report must say about them.

export const PAIRS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT'];
export const PRICES = [65000, 3200, 150, 0.6, 0.15, 0.45];
export const BOARDS = [
  { id: 'board-swing', name: 'Swing setups' },
  { id: 'board-scalp', name: 'Scalps' },
  { id: 'board-news', name: 'News trades' },
];
export const OPEN_TRADES = 3;
export const DAY_MS = 86_400_000;
export const START_MS = Date.UTC(2023, 10, 24);
export const SPAN_MS = 3 * 365 * DAY_MS;

/** A deterministic generator (mulberry32): the same trades on every run and database. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const round = (x, digits) => Math.round(x * 10 ** digits) / 10 ** digits;
const tierOf = (score) =>
  score >= 20 ? 5 : score >= 16 ? 4 : score >= 11 ? 3 : score >= 6 ? 2 : 1;

/**
 * `count` closed trades over three years (oldest first) and OPEN_TRADES open ones: six pairs,
 * three boards of 25 cells, the ticked cells' score giving the tier; a win (more likely on a
 * higher tier and with cell 3 ticked) closes at the planned R/R, a loss at -1R.
 */
export function generateTrades(count) {
  const next = random(12);
  const cells = BOARDS.map((b) =>
    Array.from({ length: 25 }, (_, index) => ({
      index,
      title: `${b.name} ${index + 1}`,
      points: 1 + (index % 3),
    })),
  );
  const rows = [];
  let streak = 0;
  for (let i = 0; i < count + OPEN_TRADES; i++) {
    const open = i >= count;
    const p = Math.floor(next() * PAIRS.length);
    const b = Math.floor(next() * BOARDS.length);
    const ticked = cells[b].filter(() => next() < 0.3);
    const score = ticked.reduce((sum, c) => sum + c.points, 0);
    const tier = tierOf(score);
    const isLong = next() < 0.55;
    const entry = round(PRICES[p] * (0.7 + 0.6 * next()), 4);
    const distance = entry * (0.005 + 0.025 * next());
    const targetManual = next() < 0.2;
    const rr = targetManual ? round(0.5 + 4.5 * next(), 2) : tier;
    const sign = isLong ? 1 : -1;
    const sizeUsd = 1000 + 200 * streak;
    const quantity = sizeUsd / entry;
    const riskUsd = round(quantity * distance, 6);
    const openedMs = START_MS + Math.floor(((i + next()) * SPAN_MS) / (count + OPEN_TRADES));
    const row = {
      pair: PAIRS[p],
      is_long: isLong,
      entry_price: entry,
      stop_loss: round(entry - sign * distance, 6),
      take_profit: round(entry + sign * rr * distance, 6),
      risk_reward_ratio: rr,
      score,
      tier,
      cells: ticked,
      target_manual: targetManual,
      size_usd: sizeUsd,
      quantity,
      risk_usd: riskUsd,
      streak_at_open: streak,
      board_id: BOARDS[b].id,
      board_name: BOARDS[b].name,
      source: next() < 0.1 ? 'exchange' : 'journal',
      hidden: !open && next() < 0.3,
      date: new Date(openedMs).toISOString(),
      status: 'OPEN',
    };
    if (!open) {
      const win = next() < 0.3 + 0.05 * tier + (ticked.some((c) => c.index === 3) ? 0.1 : 0);
      const r = win ? rr : -1;
      const exit = win ? row.take_profit : row.stop_loss;
      Object.assign(row, {
        status: win ? 'TARGET_HIT' : 'STOPLOSS_HIT',
        exit_price: exit,
        profit_loss: round(sign * (exit - entry), 6),
        r_multiple: r,
        pnl_usd: round(r * riskUsd, 6),
        closed_at: new Date(openedMs + 300_000 + Math.floor(next() * 2 * DAY_MS)).toISOString(),
      });
      streak = win ? Math.min(3, Math.max(streak, 0) + 1) : Math.max(-3, Math.min(streak, 0) - 1);
    }
    rows.push(row);
  }
  return rows;
}

/** One statement: every trade of the user $2 from a JSON array ($1). */
export const INSERT_SQL = `INSERT INTO trades (user_id, pair, is_long, entry_price, stop_loss, take_profit,
  risk_reward_ratio, score, tier, cells, target_manual, size_usd, quantity, risk_usd, streak_at_open,
  account_size_at_open, board_id, board_name, source, status, exit_price, profit_loss, r_multiple,
  pnl_usd, hidden, date, closed_at, created_at, updated_at)
SELECT $2::uuid, x.pair, x.is_long, x.entry_price, x.stop_loss, x.take_profit, x.risk_reward_ratio,
  x.score, x.tier, x.cells, x.target_manual, x.size_usd, x.quantity, x.risk_usd, x.streak_at_open,
  10000, x.board_id, x.board_name, x.source, x.status::trade_status, x.exit_price, x.profit_loss,
  x.r_multiple, x.pnl_usd, x.hidden, x.date, x.closed_at, x.date, coalesce(x.closed_at, x.date)
FROM jsonb_to_recordset($1::jsonb) AS x(pair text, is_long boolean, entry_price numeric,
  stop_loss numeric, take_profit numeric, risk_reward_ratio numeric, score int, tier int,
  cells jsonb, target_manual boolean, size_usd numeric, quantity numeric, risk_usd numeric,
  streak_at_open int, board_id text, board_name text, source text, status text,
  exit_price numeric, profit_loss numeric, r_multiple numeric, pnl_usd numeric, hidden boolean,
  date timestamptz, closed_at timestamptz)`;

/** Gives each of `userIds` the same `count` trades and premium, through `query(sql, params)`. */
export async function seed(query, userIds, count) {
  const started = performance.now();
  const trades = JSON.stringify(generateTrades(count));
  await query('BEGIN');
  for (const userId of userIds) {
    await query(INSERT_SQL, [trades, userId]);
    await query('UPDATE users SET is_paid_user = true WHERE id = $1', [userId]);
  }
  await query('COMMIT');
  // PGlite has no autovacuum: statistics only come from an explicit run.
  await query('VACUUM ANALYZE trades');
  return (performance.now() - started) / 1000;
}

/** What the seeded data says the report must show (closed trades, sums), for a filter. */
export function expected(rows, keep = () => true) {
  const closed = rows.filter((r) => r.status !== 'OPEN' && keep(r));
  const sum = (key, digits) =>
    closed.reduce((s, r) => s + Math.round(r[key] * 10 ** digits), 0) / 10 ** digits;
  return { trades: closed.length, totalR: sum('r_multiple', 4), totalUsd: sum('pnl_usd', 6) };
}
