// The data of bench/trade-history.mjs: one trader's journal over the past year, generated
// deterministically (the same trades on every run, dated back from the run's hour), and the SQL
// that writes it in one statement.

export const PAIRS = [
  ['BTCUSDT', 65000, 0.24],
  ['ETHUSDT', 3200, 0.2],
  ['SOLUSDT', 150, 0.14],
  ['XRPUSDT', 0.6, 0.1],
  ['DOGEUSDT', 0.15, 0.09],
  ['ADAUSDT', 0.45, 0.08],
  ['AVAXUSDT', 35, 0.08],
  ['LINKUSDT', 14, 0.07],
];
/** The newest trades are still OPEN (a trader has a few open at a time, never hundreds). */
export const OPEN_TRADES = 8;
export const DAY_MS = 86_400_000;
export const SPAN_MS = 365 * DAY_MS;
const NOTES = [
  'Reclaim of the range high, waited for the retest.',
  'Moved the stop to entry after the first target.',
  'News candle, smaller size.',
  'Took it against the trend: check the plan next time.',
  'Clean breakout, volume confirmed.',
];

/** A deterministic generator (mulberry32). */
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

function pickPair(x) {
  let acc = 0;
  for (const p of PAIRS) {
    acc += p[2];
    if (x < acc) return p;
  }
  return PAIRS.at(-1);
}

/**
 * `count` trades opened over the year before `endMs` (oldest first): eight pairs (BTC most),
 * 55 % long, the newest OPEN_TRADES still OPEN; the closed ones won at the planned R/R (about
 * 42 %), broke even at 0R (6 %, a stop moved to entry) or lost 1R; 12 % exchange-verified,
 * 4 % off-plan (fills without a plan: no stop, target or R), 5 % imported from the browser;
 * about 7 ticked cells of a 25-cell board each, notes on a third.
 */
export function generateHistory(count, endMs) {
  const next = random(26);
  const cells = Array.from({ length: 25 }, (_, index) => ({
    index,
    title: `Setup rule ${index + 1}`,
    points: 1 + (index % 3),
  }));
  const startMs = endMs - SPAN_MS;
  const rows = [];
  let streak = 0;
  for (let i = 0; i < count; i++) {
    const open = i >= count - OPEN_TRADES;
    const [pair, price] = pickPair(next());
    const isLong = next() < 0.55;
    const sign = isLong ? 1 : -1;
    const entry = round(price * (0.7 + 0.6 * next()), 4);
    const distance = entry * (0.005 + 0.025 * next());
    const ticked = cells.filter(() => next() < 0.28);
    const score = ticked.reduce((sum, c) => sum + c.points, 0);
    const tier = tierOf(score);
    const targetManual = next() < 0.2;
    const rr = targetManual ? round(0.5 + 4.5 * next(), 2) : tier;
    const source = open
      ? 'journal'
      : next() < 0.04
        ? 'offPlan'
        : next() < 0.125
          ? 'exchange'
          : 'journal';
    const sizeUsd = 1000 + 200 * streak;
    const quantity = sizeUsd / entry;
    const openedMs = startMs + Math.floor(((i + next()) * SPAN_MS) / count);
    const notes = next() < 0.33 ? NOTES[Math.floor(next() * NOTES.length)] : '';
    const row = {
      pair,
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
      risk_usd: round(quantity * distance, 6),
      streak_at_open: streak,
      source,
      notes,
      imported: source === 'journal' && next() < 0.05,
      status: 'OPEN',
      date: new Date(openedMs).toISOString(),
    };
    if (!open) {
      const closedAt = new Date(
        Math.min(endMs - 60_000, openedMs + 300_000 + Math.floor(next() * DAY_MS)),
      ).toISOString();
      const roll = next();
      const outcome = roll < 0.42 ? 'win' : roll < 0.48 ? 'be' : 'loss';
      if (source === 'offPlan') {
        const exit = round(entry * (1 + sign * (outcome === 'win' ? 0.01 : -0.01)), 6);
        const pnl = round(quantity * sign * (exit - entry), 6);
        Object.assign(row, {
          stop_loss: entry,
          take_profit: exit,
          risk_reward_ratio: 0,
          score: 0,
          tier: 1,
          cells: null,
          risk_usd: 0,
          status: pnl < 0 ? 'STOPLOSS_HIT' : 'TARGET_HIT',
          exit_price: exit,
          profit_loss: round(sign * (exit - entry), 6),
          r_multiple: null,
          pnl_usd: pnl,
          fees_usd: 0.7,
          closed_at: closedAt,
        });
      } else {
        const r = outcome === 'win' ? rr : outcome === 'be' ? 0 : -1;
        const exit = outcome === 'win' ? row.take_profit : outcome === 'be' ? entry : row.stop_loss;
        Object.assign(row, {
          status: outcome === 'win' ? 'TARGET_HIT' : 'STOPLOSS_HIT',
          exit_price: exit,
          profit_loss: round(sign * (exit - entry), 6),
          r_multiple: r,
          pnl_usd: round(r * row.risk_usd, 6),
          fees_usd: source === 'exchange' ? 0.9 : null,
          mfe_r: round(Math.max(r, 0) + next(), 2),
          mae_r: round(-Math.min(1, next() * 1.2), 2),
          closed_at: closedAt,
        });
      }
      if (outcome !== 'be') {
        const win = outcome === 'win';
        streak = win ? Math.min(3, Math.max(streak, 0) + 1) : Math.max(-3, Math.min(streak, 0) - 1);
      }
    }
    rows.push(row);
  }
  return rows;
}

/** One statement: every trade of the user $2 from a JSON array ($1). */
export const INSERT_SQL = `INSERT INTO trades (user_id, pair, is_long, entry_price, stop_loss,
  take_profit, risk_reward_ratio, score, tier, cells, target_manual, size_usd, quantity, risk_usd,
  streak_at_open, account_size_at_open, board_id, board_name, source, notes, imported, status,
  exit_price, profit_loss, r_multiple, pnl_usd, fees_usd, mfe_r, mae_r, date, closed_at,
  created_at, updated_at)
SELECT $2::uuid, x.pair, x.is_long, x.entry_price, x.stop_loss, x.take_profit,
  x.risk_reward_ratio, x.score, x.tier, x.cells, x.target_manual, x.size_usd, x.quantity,
  x.risk_usd, x.streak_at_open, 10000, 'default', 'Default Board', x.source, x.notes, x.imported,
  x.status::trade_status, x.exit_price, x.profit_loss, x.r_multiple, x.pnl_usd, x.fees_usd,
  x.mfe_r, x.mae_r, x.date, x.closed_at, x.date, coalesce(x.closed_at, x.date)
FROM jsonb_to_recordset($1::jsonb) AS x(pair text, is_long boolean, entry_price numeric,
  stop_loss numeric, take_profit numeric, risk_reward_ratio numeric, score int, tier int,
  cells jsonb, target_manual boolean, size_usd numeric, quantity numeric, risk_usd numeric,
  streak_at_open int, source text, notes text, imported boolean, status text,
  exit_price numeric, profit_loss numeric, r_multiple numeric, pnl_usd numeric,
  fees_usd numeric, mfe_r numeric, mae_r numeric, date timestamptz, closed_at timestamptz)`;

/** Writes `rows` for `userId` through `query(sql, params)`, then VACUUM ANALYZE; seconds taken. */
export async function seed(query, userId, rows) {
  const started = performance.now();
  await query('BEGIN');
  await query(INSERT_SQL, [JSON.stringify(rows), userId]);
  await query('COMMIT');
  // PGlite has no autovacuum: statistics only come from an explicit run.
  await query('VACUUM ANALYZE trades');
  return (performance.now() - started) / 1000;
}
