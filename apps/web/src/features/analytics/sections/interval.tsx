import { enoughSample, MIN_SAMPLE, type Interval } from '@tb/core';
import { showRateRange, showRRange } from '../format';

interface IntervalProps {
  trades: number;
  expectancyRCi: Interval | null;
  winRateCi: Interval | null;
}

/**
 * The 95 % intervals of a compared group: expectancy (Student's t) and win rate (Wilson).
 * Under the sample every comparison needs it says so instead: a range from two trades is
 * as wide as it is useless.
 */
export function IntervalFigure({ trades, expectancyRCi, winRateCi }: IntervalProps) {
  if (!enoughSample(trades)) {
    return (
      <span className="an-ci an-ci--thin">
        Not enough trades
        <span className="an-figure__sub">{MIN_SAMPLE} needed</span>
      </span>
    );
  }
  return (
    <span className="an-ci">
      {showRRange(expectancyRCi)}
      <span className="an-figure__sub">win {showRateRange(winRateCi)}</span>
    </span>
  );
}

/** The header of an interval column. */
export const INTERVAL_HEADER = '95% range';

/** True when two intervals share a value: the difference between them may be chance. */
export function overlaps(a: Interval | null, b: Interval | null): boolean {
  return a !== null && b !== null && a.low <= b.high && b.low <= a.high;
}
