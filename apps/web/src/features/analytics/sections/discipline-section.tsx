import type { AnalyticsResponse } from '@tb/core';
import { CellEdgeTable } from './cell-edge-table';
import { DisciplineSplits } from './discipline-splits';
import { TierTable } from './tier-table';
import './sections.css';

/** The first screen: does my discipline pay? */
export function DisciplineSection({
  report,
}: {
  report: Pick<AnalyticsResponse, 'byTier' | 'byCell' | 'discipline'>;
}) {
  return (
    <section className="an-section" aria-labelledby="an-discipline-title">
      <h2 id="an-discipline-title" className="an-section__title">
        Discipline
      </h2>
      <div className="an-grid">
        <TierTable rows={report.byTier} />
        <CellEdgeTable rows={report.byCell} />
        <DisciplineSplits discipline={report.discipline} />
      </div>
    </section>
  );
}
