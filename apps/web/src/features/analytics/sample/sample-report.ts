import { analyze, filterOptions, type AnalyticsResponse } from '@tb/core';
import { SAMPLE_TRADES } from './sample-trades';

/**
 * The report of the sample journal, made by the same core maths as the server's, in the
 * trader's zone (so its calendar and hours read like their own would).
 */
export function sampleReport(timeZone: string): AnalyticsResponse {
  return {
    timeZone,
    ...analyze(SAMPLE_TRADES, timeZone),
    options: filterOptions(SAMPLE_TRADES),
  };
}
