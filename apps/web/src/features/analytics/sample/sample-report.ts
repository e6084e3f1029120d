import { analyze, type AnalyticsResponse } from '@tb/core';
import { SAMPLE_BOARD, SAMPLE_TRADES } from './sample-trades';

/**
 * The report of the sample journal, made by the same core maths as the server's, in the
 * trader's zone (so its calendar and hours read like their own would).
 */
export function sampleReport(timeZone: string): AnalyticsResponse {
  const pairs = [...new Set(SAMPLE_TRADES.map((trade) => trade.pair))].sort();
  return {
    timeZone,
    ...analyze(SAMPLE_TRADES, timeZone),
    options: { pairs, boards: [{ ...SAMPLE_BOARD }] },
  };
}
