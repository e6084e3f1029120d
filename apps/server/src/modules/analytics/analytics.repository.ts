import { and, eq, sql } from 'drizzle-orm';
import type { AnalyticsCell, AnalyticsTrade, Trade, TradeSource, TradeStatus } from '@tb/core';
import type { Queryable } from '../../db/client.js';
import { trades } from '../../db/schema/index.js';
import { toTrade } from '../trades/trades.repository.js';

/** A trade as analytics reads it, with the version of its row (PostgreSQL's `xmin`). */
export interface VersionedTrade {
  version: string;
  trade: AnalyticsTrade;
}

/** Which of the user's trades a query reads: all of them, or these ids. */
export type TradeIds = 'all' | readonly string[];

const FIELD = '\x1f';
const ROW = '\n';

/**
 * An ISO 8601 instant as JavaScript writes it (`toISOString`), made by the database: cheaper
 * there than a Date per value here.
 */
const iso = (column: typeof trades.date | typeof trades.closedAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The analytics columns of each trade as one line of text, fields apart by U+001F. Text a
 * trader typed (pair, board) is JSON-quoted and cells are JSON, whose output escapes every
 * control character: a field never holds U+001F or a line break. NULL is an empty field
 * (concat_ws would drop it).
 */
const LINE = sql.join(
  [
    sql`${trades.id}::text`,
    sql`xmin::text`,
    sql`${trades.isLong}::text`,
    sql`${trades.status}::text`,
    iso(trades.date),
    sql`coalesce(${iso(trades.closedAt)}, '')`,
    sql`coalesce(${trades.rMultiple}::text, '')`,
    sql`coalesce(${trades.pnlUsd}::text, '')`,
    sql`${trades.riskRewardRatio}::text`,
    sql`${trades.tier}::text`,
    sql`${trades.score}::text`,
    sql`${trades.targetManual}::text`,
    sql`coalesce(${trades.streakAtOpen}::text, '')`,
    sql`${trades.source}`,
    sql`to_json(${trades.pair})::text`,
    sql`coalesce(to_json(${trades.boardId})::text, '')`,
    sql`coalesce(to_json(${trades.boardName})::text, '')`,
    sql`coalesce(${trades.cells}::text, '')`,
    sql`coalesce(${trades.mfeR}::text, '')`,
    sql`coalesce(${trades.maeR}::text, '')`,
  ],
  sql`, `,
);

const num = (field: string): number | null => (field === '' ? null : Number(field));
const json = <T>(field: string): T | null => (field === '' ? null : (JSON.parse(field) as T));

/** One line of LINE back to a trade. */
function parseLine(line: string): VersionedTrade {
  const f = line.split(FIELD);
  const field = (i: number) => f[i] ?? '';
  return {
    version: field(1),
    trade: {
      id: field(0),
      isLong: field(2) === 'true',
      status: field(3) as TradeStatus,
      openedAt: field(4),
      closedAt: field(5) === '' ? null : field(5),
      rMultiple: num(field(6)),
      pnlUsd: num(field(7)),
      riskRewardRatio: Number(field(8)),
      tier: Number(field(9)),
      score: Number(field(10)),
      targetManual: field(11) === 'true',
      streakAtOpen: num(field(12)),
      source: field(13) as TradeSource,
      pair: json<string>(field(14)) ?? '',
      boardId: json<string>(field(15)),
      boardName: json<string>(field(16)),
      cells: json<AnalyticsCell[]>(field(17)),
      mfeR: num(field(18)),
      maeR: num(field(19)),
    },
  };
}

const ofUser = (userId: string, ids: TradeIds) =>
  ids === 'all'
    ? eq(trades.userId, userId)
    : and(
        eq(trades.userId, userId),
        sql`${trades.id} = any(string_to_array(${ids.join(',')}, ',')::uuid[])`,
      );

/**
 * A user's trades for analytics, every one of them: hidden ones too ("clear history" hides
 * trades from the journal and keeps them for statistics). Each query is one statement on the
 * user's index. The trades come back as ONE text value, not one row each: PGlite (WebAssembly)
 * spends about 1.5 µs per field of a returned row, 0.4 s for 10,000 trades, and a tenth of
 * that building and parsing the text (bench/analytics.mjs).
 */
export class AnalyticsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The version of each of the user's trades, `id:version,...` ('' without trades): a row's
   * `xmin` changes with every write to it, so any insert, update or delete changes this text.
   */
  async versions(userId: string): Promise<string> {
    const result = (await this.db.execute(sql`
      select string_agg(${trades.id}::text || ':' || xmin::text, ',') as versions
      from ${trades} where ${trades.userId} = ${userId}`)) as unknown as {
      rows: Array<{ versions: string | null }>;
    };
    return result.rows[0]?.versions ?? '';
  }

  /** The analytics columns of the user's trades (all, or those of `ids`), with their versions. */
  async analyticsTrades(userId: string, ids: TradeIds = 'all'): Promise<VersionedTrade[]> {
    if (ids !== 'all' && ids.length === 0) return [];
    const result = (await this.db.execute(sql`
      select string_agg(concat_ws(${FIELD}, ${LINE}), ${ROW}) as lines
      from ${trades} where ${ofUser(userId, ids)}`)) as unknown as {
      rows: Array<{ lines: string | null }>;
    };
    const text = result.rows[0]?.lines;
    return text ? text.split(ROW).map(parseLine) : [];
  }

  /** The user's trades in full (all, or those of `ids`), for the list and the CSV; any order. */
  async fullTrades(userId: string, ids: TradeIds): Promise<Trade[]> {
    if (ids !== 'all' && ids.length === 0) return [];
    const rows = await this.db.select().from(trades).where(ofUser(userId, ids));
    return rows.map(toTrade);
  }
}
