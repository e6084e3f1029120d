import { Link } from 'react-router';
import { Alert, Button, buttonClass, Spinner } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { analyticsMessages } from '../api';

/** The first load: the spinner over the shapes of the sections to come. */
export function AnalyticsLoading() {
  return (
    <div className="an-loading">
      <Spinner label="Loading analytics..." />
      <div className="an-skeleton" aria-hidden="true">
        <div className="an-skeleton__block an-skeleton__block--short" />
        <div className="an-skeleton__block" />
        <div className="an-skeleton__block" />
      </div>
    </div>
  );
}

export function AnalyticsError({
  error,
  retry,
  retrying,
}: {
  error: unknown;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="an-state">
      <Alert tone="error">{errorMessage(error, analyticsMessages.load)}</Alert>
      <Button variant="secondary" onClick={retry} busy={retrying}>
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}

export interface AnalyticsEmptyProps {
  /** The range has dates: offer all time. */
  dated: boolean;
  /** Filters other than the dates are set: offer to clear them. */
  filtered: boolean;
  openTrades: number;
  showAllTime: () => void;
  clearFilters: () => void;
}

/** No closed trade matches: say so and offer the way out that fits. */
export function AnalyticsEmpty({
  dated,
  filtered,
  openTrades,
  showAllTime,
  clearFilters,
}: AnalyticsEmptyProps) {
  const anyFilter = dated || filtered;
  return (
    <div className="an-card an-empty">
      <p className="an-empty__title">
        {anyFilter ? 'No closed trades in this range' : 'No closed trades yet'}
      </p>
      <p className="an-muted">
        {openTrades > 0
          ? `${openTrades} open ${openTrades === 1 ? 'trade counts' : 'trades count'} here once closed. `
          : null}
        {anyFilter
          ? 'Widen the range or clear the filters to see more.'
          : 'Record a trade on the Bingo dashboard and close it: its R, its P/L and the cells you ticked show up here.'}
      </p>
      <div className="an-empty__actions">
        {dated ? (
          <Button variant="secondary" onClick={showAllTime}>
            Show all time
          </Button>
        ) : null}
        {filtered ? (
          <Button variant="ghost" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : null}
        {!anyFilter ? (
          <Link to="/bingo" className={buttonClass('secondary')}>
            Go to Bingo
          </Link>
        ) : null}
      </div>
    </div>
  );
}
