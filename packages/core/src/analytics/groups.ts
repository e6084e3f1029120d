import { sumR, sumUsd, type RMultiple, type Usd } from '../units/units.js';
import { localClock } from './local-time.js';
import { groupInto, groupStats, type GroupStats } from './stats.js';
import { closedTrades, type AnalyticsTrade, type ClosedAnalyticsTrade } from './trades.js';

/** A row of byPair, bySide, byWeekday, byHour. */
export interface GroupRow extends GroupStats {
  key: string;
}

/** A row of byTier. */
export interface TierRow extends GroupStats {
  tier: number;
}

/** A day of the P/L calendar, in the trader's time zone. */
export interface CalendarDay {
  /** 'YYYY-MM-DD', local date of the close. */
  date: string;
  trades: number;
  pnlUsd: Usd;
  r: RMultiple;
}

/** Weekday keys in display order, Monday first. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The local weekday ('Mon'..'Sun') and hour ('00'..'23') of an instant in a time zone. */
export function localWeekdayHour(ms: number, timeZone: string): { weekday: string; hour: string } {
  const { weekday, hour } = localClock(timeZone)(ms);
  return { weekday, hour };
}

function rows(
  closed: readonly ClosedAnalyticsTrade[],
  keyOf: (trade: ClosedAnalyticsTrade) => string,
  order: (a: string, b: string) => number,
): GroupRow[] {
  return [...groupInto(closed, keyOf)]
    .map(([key, group]) => ({ key, ...groupStats(group) }))
    .sort((a, b) => order(a.key, b.key));
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Outcome by score tier, tier 1 first. */
export function byTier(trades: readonly AnalyticsTrade[]): TierRow[] {
  return [...groupInto(closedTrades(trades), (t) => t.tier)]
    .map(([tier, group]) => ({ tier, ...groupStats(group) }))
    .sort((a, b) => a.tier - b.tier);
}

/** Outcome by pair, alphabetical. */
export function byPair(trades: readonly AnalyticsTrade[]): GroupRow[] {
  return rows(closedTrades(trades), (t) => t.pair, byText);
}

/** Outcome by side: keys 'long' and 'short' (long first). */
export function bySide(trades: readonly AnalyticsTrade[]): GroupRow[] {
  return rows(closedTrades(trades), (t) => (t.isLong ? 'long' : 'short'), byText);
}

/**
 * Outcome by local weekday of the trade's opening (when the decision was taken), Monday first.
 * Only weekdays with trades are listed.
 */
export function byWeekday(trades: readonly AnalyticsTrade[], timeZone: string): GroupRow[] {
  const clock = localClock(timeZone);
  const weekdayOf = (t: ClosedAnalyticsTrade) => clock(t.openedAtMs).weekday;
  const rank = (key: string) => WEEKDAYS.indexOf(key as (typeof WEEKDAYS)[number]);
  return rows(closedTrades(trades), weekdayOf, (a, b) => rank(a) - rank(b));
}

/** Outcome by local hour ('00'..'23') of the trade's opening. Only hours with trades. */
export function byHour(trades: readonly AnalyticsTrade[], timeZone: string): GroupRow[] {
  const clock = localClock(timeZone);
  const hourOf = (t: ClosedAnalyticsTrade) => clock(t.openedAtMs).hour;
  return rows(closedTrades(trades), hourOf, byText);
}

/** P/L by local date of the close in `timeZone`, oldest first; only days with closes. */
export function calendar(trades: readonly AnalyticsTrade[], timeZone: string): CalendarDay[] {
  const clock = localClock(timeZone);
  const days = groupInto(closedTrades(trades), (t) => clock(t.closedAtMs).date);
  return [...days]
    .map(([date, group]) => ({
      date,
      trades: group.length,
      pnlUsd: sumUsd(group.map((t) => t.pnlUsd)),
      r: sumR(group.map((t) => t.rMultiple)),
    }))
    .sort((a, b) => byText(a.date, b.date));
}
