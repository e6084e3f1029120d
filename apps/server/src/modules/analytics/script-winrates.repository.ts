import { SCRIPT_CELL_IDS, type WinRateTotals } from '@tb/core';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { trades } from '../../db/schema/index.js';

/** The counts core's scriptCellWinRates turns into the case winrate. */
export interface ScriptWinRateCounts {
  /** The close of the first counted trade a script cell was ticked on (ISO), or null. */
  since: string | null;
  baseline: WinRateTotals;
  byScript: Partial<Record<string, WinRateTotals>>;
}

interface Row {
  script: string | null;
  trades: number | string;
  wins: number | string;
  sum_r: string | null;
  since: string | null;
}

/**
 * Which trades count, every trader's (DESIGN.md sections 11 and 15). A trade counts when its
 * record cannot be faked and its outcome is decided:
 * - `source = 'exchange'`: closed by the exchange's fills on a connection whose wallet the
 *   trader proved is theirs, its P/L the account's (fees and funding in). Journal trades
 *   (typed by hand) and imported ones (uploaded from a browser's journal) are self-reported;
 *   off-plan trades have no plan, so no cells and no R;
 * - not imported (an import is always a journal trade; checked all the same);
 * - closed (`status <> 'OPEN'`) with its close time, R and USD P/L;
 * - decided: a win (P/L above 0) or a loss (below 0); a breakeven trade (P/L or R exactly 0)
 *   is neither and is left out, so the win rate is wins / (wins + losses).
 * Hidden trades ("clear history") count: they are kept for statistics.
 */
const VERIFIED_DECIDED = sql`
  ${trades.source} = 'exchange' and not ${trades.imported} and ${trades.status} <> 'OPEN'
  and ${trades.closedAt} is not null and ${trades.rMultiple} is not null
  and ${trades.pnlUsd} is not null and ${trades.pnlUsd} <> 0 and ${trades.rMultiple} <> 0`;

const KNOWN_SCRIPTS = sql.join(
  SCRIPT_CELL_IDS.map((id) => sql`${id}`),
  sql`, `,
);

/**
 * The aggregate counts of the case winrate, anonymous: one row per script cell (its verified,
 * decided trades: a trade whose snapshot names the script more than once counts once) and one
 * for the baseline (every verified, decided trade closed since the first script-cell trade).
 * No user id or name leaves the database: only counts and sums.
 */
export async function scriptWinRateCounts(db: Queryable): Promise<ScriptWinRateCounts> {
  const result = (await db.execute(sql`
    with verified as (
      select ${trades.id} as id, ${trades.rMultiple} as r, ${trades.pnlUsd} as pnl,
             ${trades.closedAt} as closed_at, ${trades.cells} as cells
      from ${trades} where ${VERIFIED_DECIDED}
    ),
    scripted as (
      select distinct v.id, c.value->>'script' as script, v.r, v.pnl, v.closed_at
      from verified v
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(v.cells) = 'array' then v.cells else '[]'::jsonb end
      ) as c(value)
      where jsonb_typeof(c.value) = 'object' and c.value->>'script' in (${KNOWN_SCRIPTS})
    ),
    first_script as (select min(closed_at) as at from scripted)
    select script, count(*)::int as trades, (count(*) filter (where pnl > 0))::int as wins,
           sum(r)::text as sum_r, null::text as since
    from scripted group by script
    union all
    select null, count(*)::int, (count(*) filter (where pnl > 0))::int, sum(r)::text,
           (select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from first_script)
    from verified where closed_at >= (select at from first_script)`)) as unknown as {
    rows: Row[];
  };
  const totals = (row: Row): WinRateTotals => {
    const count = Number(row.trades);
    const wins = Number(row.wins);
    return { trades: count, wins, losses: count - wins, sumR: Number(row.sum_r ?? 0) };
  };
  const counts: ScriptWinRateCounts = {
    since: null,
    baseline: { trades: 0, wins: 0, losses: 0, sumR: 0 },
    byScript: {},
  };
  for (const row of result.rows) {
    if (row.script === null) {
      counts.baseline = totals(row);
      counts.since = row.since;
    } else {
      counts.byScript[row.script] = totals(row);
    }
  }
  return counts;
}
