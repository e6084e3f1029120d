// What live-crash.mjs reads and checks: the stored rows (PostgreSQL at any time, PGlite only
// while no server has its folder), one trader's state on the paper exchange and in the
// journal, what resolution made of a kill, and the invariants of DESIGN.md section 11.
import { fork } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expectStatus, family, isPlacement, paperInfo } from './live-crash-steps.mjs';
import { removeDir, tempDir } from './processes.mjs';

// ---------------------------------------------------------------------------------------------
// The stored rows: PostgreSQL read at any time; PGlite only while no server has the folder
// (a copy of the folder of a killed server, or the folder itself once the last server stopped).

export const PGLITE_QUERY = fileURLToPath(new URL('./pglite-query.mjs', import.meta.url));

export function queryPglite(dir, queries) {
  return new Promise((resolve, reject) => {
    const child = fork(PGLITE_QUERY, [dir], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m.rows)));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`pglite-query exited with code ${code}`));
    });
    child.send(queries);
  });
}

export const INTENTS_SQL =
  'select user_id, kind, trade_id, cloids, idempotency_key, created_at from live_intents';
export const FINAL_QUERIES = [
  { sql: INTENTS_SQL },
  {
    sql: `select trade_id, user_id, coin, entry_cloid, tp_cloid, sl_cloid, execution, stop_px,
      entry_fill_sz, other_exit_oids from trade_orders`,
  },
  { sql: 'select id, user_id, status, source from trades' },
];

/** Reads `queries` from the database of a run. */
export function postgresStore(url) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const read = async (queries) => {
    const rows = [];
    for (const { sql, params } of queries) rows.push((await pool.query(sql, params)).rows);
    return rows;
  };
  return {
    kind: 'postgres',
    live: true,
    read,
    /** Read before the next server starts (its start-up resolves what is read here). */
    afterKill: read,
    close: () => pool.end(),
  };
}

export function pgliteStore(dataDir) {
  const dir = join(dataDir, 'pglite');
  return {
    kind: 'pglite',
    live: false,
    read: (queries) => queryPglite(dir, queries),
    /** The killed server's folder is copied at once; the copy is read while the next starts. */
    afterKill(queries) {
      const copy = tempDir();
      cpSync(dir, join(copy, 'pglite'), { recursive: true });
      return queryPglite(join(copy, 'pglite'), queries).finally(() => removeDir(copy));
    },
    close: async () => undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// State of one trader: the paper exchange's answers and the journal through the API.

export async function snapshot(server, kill) {
  const { trader } = kill;
  const trades = await expectStatus(server, 200, 'GET', '/api/trades', { token: trader.token });
  const open = await paperInfo(server, { type: 'frontendOpenOrders', user: kill.wallet });
  const state = await paperInfo(server, { type: 'clearinghouseState', user: kill.wallet });
  return {
    trades,
    orders: open.flatMap((o) => [o, ...(o.children ?? [])]),
    positions: state.assetPositions
      .map((p) => p.position)
      .filter((p) => Number(p.szi) !== 0)
      .map((p) => ({ coin: p.coin, szi: Number(p.szi) })),
  };
}

/** What changes when an action acts: orders, positions, trades and their stops. */
export const signature = (s) =>
  JSON.stringify([
    s.orders.map((o) => o.cloid ?? o.oid).sort(),
    s.positions.map((p) => `${p.coin}${p.szi}`).sort(),
    s.trades.map((t) => `${t.id}:${t.status}:${t.live?.stopPrice ?? ''}`).sort(),
  ]);

/** What resolution made of the kill's action, read from the journal (snapshot before retries). */
export function outcomeOf(kill, snap, levels) {
  const { point } = kill;
  if (kill.fill) {
    const trade = snap.trades.find((t) => t.id === (kill.tradeId ?? kill.intents[0]?.trade_id));
    if (!trade) return 'missing';
    if (trade.status === 'OPEN') return 'open';
    return trade.verified ? 'closed verified' : 'closed';
  }
  if (point === 'place:recorded') return snap.trades.length === 1 ? 'recorded' : 'missing';
  if (isPlacement(point)) {
    const id = kill.intents[0]?.trade_id;
    return snap.trades.some((t) => t.id === id) ? 'adopted' : 'dropped';
  }
  const trade = snap.trades.find((t) => t.id === kill.tradeId);
  switch (family(point)) {
    case 'stop':
      return trade?.live?.stopPrice === levels.movedStop ? 'adopted' : 'dropped';
    case 'close':
      return trade && trade.status !== 'OPEN' && snap.positions.length === 0
        ? 'adopted'
        : 'dropped';
    default:
      return trade ? 'dropped' : 'adopted';
  }
}

/**
 * The invariants of DESIGN.md section 11 for one trader, on the paper exchange's answers and
 * the stored rows (apps/server/src/test/crash.ts expectLiveInvariants, plus stuck trades and
 * positions larger than the journal's trades).
 */
export function invariants(kill, snap, rows) {
  const [intents, links, trades] = rows;
  const mine = (r) => r.user_id === kill.trader.id;
  const myLinks = links.filter(mine);
  const myTrades = trades.filter(mine);
  const known = new Set(
    myLinks.flatMap((l) => [l.entry_cloid, l.tp_cloid, l.sl_cloid, ...(l.other_exit_oids ?? [])]),
  );
  const foreign = snap.orders.filter((o) => !o.cloid || !known.has(o.cloid));
  const unprotected = snap.positions.filter(
    (p) =>
      !snap.orders.some((o) => o.coin === p.coin && o.reduceOnly && o.orderType === 'Stop Market'),
  );
  const stuck = myTrades.filter((t) => {
    if (t.status !== 'OPEN') return false;
    const link = myLinks.find((l) => l.trade_id === t.id);
    if (!link) return true;
    const cloids = new Set([
      link.entry_cloid,
      link.tp_cloid,
      link.sl_cloid,
      ...(link.other_exit_oids ?? []),
    ]);
    const working = snap.orders.some((o) => cloids.has(o.cloid));
    const held = snap.positions.some((p) => p.coin === link.coin);
    return !working && !held;
  });
  // A position larger than what the journal's open trades filled (an unjournaled entry).
  const oversized = snap.positions.filter((p) => {
    const journal = myLinks
      .filter((l) => l.coin === p.coin && l.execution === 'open')
      .filter((l) => myTrades.some((t) => t.id === l.trade_id && t.status === 'OPEN'))
      .reduce((sum, l) => sum + Number(l.entry_fill_sz ?? 0), 0);
    return Math.abs(p.szi) - journal > 1e-9;
  });
  return {
    foreign: foreign.length,
    unprotected: unprotected.length,
    stuck: stuck.length,
    oversized: oversized.length,
    intentsLeft: intents.filter(mine).length,
    trades: myTrades.length,
  };
}
