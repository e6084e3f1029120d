import { useId, useState, type ReactNode } from 'react';
import './charts.css';

export interface ChartCardProps {
  title: string;
  /** One line that says what the chart shows, read with it ("Equity ended at..."). */
  summary: string;
  /** Controls beside the title (the R / USD switch). */
  controls?: ReactNode;
  /** The drawing; hidden from assistive technology, which reads the table. */
  chart: ReactNode;
  /**
   * The chart's data as a <table>: in the page but visually hidden until "Show as table"; a
   * function builds it only when shown (a table of thousands of trades).
   */
  table: ReactNode | (() => ReactNode);
  wide?: boolean;
}

/**
 * A chart as a figure named by its title, with its one-line summary and its data as a table:
 * screen readers always have the table; anyone can show it with "Show as table".
 */
export function ChartCard({ title, summary, controls, chart, table, wide }: ChartCardProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <figure
      className={['an-card', 'an-chart', wide ? 'an-card--wide' : null].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
    >
      <div className="an-card__bar">
        <h3 id={`${id}-title`} className="an-card__title">
          {title}
        </h3>
        {controls}
      </div>
      <figcaption id={`${id}-summary`} className="an-chart__summary">
        {summary}
      </figcaption>
      {chart}
      <div className="an-chart__table-bar">
        <button
          type="button"
          className="button button--link"
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide table' : 'Show as table'}
        </button>
      </div>
      <div
        id={`${id}-table`}
        className={showTable ? 'table-scroll' : 'visually-hidden'}
        role="region"
        aria-label={`${title} data`}
        tabIndex={showTable ? 0 : undefined}
      >
        {typeof table === 'function' ? (showTable ? table() : null) : table}
      </div>
    </figure>
  );
}
