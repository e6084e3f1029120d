import { useQuery } from '@tanstack/react-query';
import { formatStrategyMonth, strategyExcerpt, type Strategy } from '@tb/core';
import { Link } from 'react-router';
import { Badge, buttonClass, Card, Page, QueryStatus, Spinner } from '@/components';
import { strategyArchiveQueryOptions } from '../api';
import { usePlanView } from '../use-plan-access';
import { StrategyLock } from './strategy-lock';
import './strategies.css';

export const strategiesPageTexts = {
  title: 'Monthly strategy',
  lead: 'A strategy and its 25-cell board every month. Read one, then load its board onto your boards in one click.',
  empty: 'No strategy has been published yet. The first one appears here as soon as it is out.',
} as const;

/** /strategies: the archive of published strategies, newest month first (premium). */
export function StrategiesPage() {
  const plan = usePlanView();
  return (
    <Page title={strategiesPageTexts.title} lead={strategiesPageTexts.lead}>
      {!plan.known ? (
        <Spinner label="Loading your plan" />
      ) : plan.has('monthlyStrategyUpdate') ? (
        <Archive />
      ) : (
        <StrategyLock />
      )}
    </Page>
  );
}

function Archive() {
  const query = useQuery(strategyArchiveQueryOptions());
  return (
    <QueryStatus
      query={query}
      loading="Loading the strategies..."
      error="Failed to load the strategies"
      isEmpty={(list) => list.length === 0}
      empty={<p className="strategies__empty">{strategiesPageTexts.empty}</p>}
    >
      {(list) => (
        <ol className="strategies" aria-label="Published strategies, newest first">
          {list.map((strategy) => (
            <li key={strategy.id}>
              <ArchiveItem strategy={strategy} />
            </li>
          ))}
        </ol>
      )}
    </QueryStatus>
  );
}

function ArchiveItem({ strategy }: { strategy: Strategy }) {
  const titleId = `strategy-${strategy.id}`;
  return (
    <Card as="article" className="strategy-item" labelledBy={titleId}>
      <p className="strategy-item__month">
        <Badge tone="accent">
          {strategy.month ? formatStrategyMonth(strategy.month) : 'Draft'}
        </Badge>
      </p>
      <h2 id={titleId} className="strategy-item__title">
        <Link to={`/strategies/${strategy.id}`}>{strategy.title}</Link>
      </h2>
      <p className="strategy-item__excerpt">{strategyExcerpt(strategy.body, 220)}</p>
      <Link
        to={`/strategies/${strategy.id}`}
        className={buttonClass('secondary', 'strategy-item__read')}
        aria-label={`Read ${strategy.title}`}
      >
        Read
      </Link>
    </Card>
  );
}
