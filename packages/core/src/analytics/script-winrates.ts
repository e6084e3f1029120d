import { SCRIPT_CELLS, type ScriptCellId } from '../script-cells/catalogue.js';
import { rMultiple, type RMultiple } from '../units/units.js';
import { isSmallSample, wilsonInterval, type Interval } from './sample.js';

/**
 * Counts of a group of verified, decided trades (the server sums them in SQL): trades = wins +
 * losses, `sumR` the sum of their R-multiples.
 */
export interface WinRateTotals {
  trades: number;
  wins: number;
  losses: number;
  sumR: number;
}

/** Win rate and mean R of a group of decided trades. */
export interface WinRateFigures {
  trades: number;
  wins: number;
  losses: number;
  /** wins / trades (every trade counted is a win or a loss), 0..1; null for none. */
  winRate: number | null;
  /** 95 % Wilson interval of the win rate; null for none. */
  winRateCi: Interval | null;
  /** Mean R-multiple; null for none. */
  avgR: RMultiple | null;
}

/** One script cell's record across every trader's verified trades (the case winrate). */
export interface ScriptCellWinRate extends WinRateFigures {
  id: ScriptCellId;
  label: string;
  rule: string;
  /** winRate − the baseline's win rate (−1..1); null when either has no trade. */
  edge: number | null;
  /** Fewer than SMALL_SAMPLE trades: shown greyed, marked small sample. */
  smallSample: boolean;
}

/** The case winrate of every script cell in the catalogue, against the baseline. */
export interface ScriptCellWinRates {
  /**
   * The period counted: from the close of the first verified trade a script cell was ticked
   * on (ISO 8601; null when there is none yet) to now. The baseline covers the same period.
   */
  since: string | null;
  /** Every verified, decided trade closed in the period, script cells or not. */
  baseline: WinRateFigures;
  /** In catalogue order, every script cell (those never ticked with no trades). */
  cells: ScriptCellWinRate[];
}

const NO_TRADES: WinRateTotals = { trades: 0, wins: 0, losses: 0, sumR: 0 };

/** A group's win rate, its interval and mean R from its counts. */
export function winRateFigures(totals: WinRateTotals): WinRateFigures {
  const { trades, wins, losses, sumR } = totals;
  return {
    trades,
    wins,
    losses,
    winRate: trades === 0 ? null : wins / trades,
    winRateCi: wilsonInterval(wins, trades),
    avgR: trades === 0 ? null : rMultiple(sumR / trades),
  };
}

/**
 * Each catalogue script cell's win rate, mean R and edge over the baseline, from the counts of
 * the verified trades it was ticked on (`byScript`; an id the catalogue does not list is left
 * out) and of every verified trade of the period (`baseline`).
 */
export function scriptCellWinRates(input: {
  since: string | null;
  baseline: WinRateTotals;
  byScript: Partial<Record<string, WinRateTotals>>;
}): ScriptCellWinRates {
  const baseline = winRateFigures(input.baseline);
  const cells = SCRIPT_CELLS.map((cell): ScriptCellWinRate => {
    const figures = winRateFigures(input.byScript[cell.id] ?? NO_TRADES);
    return {
      id: cell.id,
      label: cell.label,
      rule: cell.rule,
      ...figures,
      edge:
        figures.winRate === null || baseline.winRate === null
          ? null
          : figures.winRate - baseline.winRate,
      smallSample: isSmallSample(figures.trades),
    };
  });
  return { since: input.since, baseline, cells };
}
