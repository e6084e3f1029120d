import { useQuery } from '@tanstack/react-query';
import { formatStrategyMonth, type Strategy } from '@tb/core';
import { Link, useParams } from 'react-router';
import { Badge, Button, Card, Page, QueryStatus, Spinner } from '@/components';
import { strategyQueryOptions } from '../api';
import { useLoadBoard } from '../use-load-board';
import { usePlanView } from '../use-plan-access';
import { Markdown } from './markdown';
import { StrategyBoard } from './strategy-board';
import { StrategyLock } from './strategy-lock';
import { strategiesPageTexts } from './strategies-page';
import './strategies.css';

/** /strategies/:id: one strategy in full, its board read only, and "Load board" (premium). */
export function StrategyPage() {
  const plan = usePlanView();
  return (
    <Page title={strategiesPageTexts.title}>
      <p className="strategy-page__back">
        <Link to="/strategies">All strategies</Link>
      </p>
      {!plan.known ? (
        <Spinner label="Loading your plan" />
      ) : plan.has('monthlyStrategyUpdate') ? (
        <OneStrategy />
      ) : (
        <StrategyLock />
      )}
    </Page>
  );
}

function OneStrategy() {
  const { id = '' } = useParams();
  const query = useQuery(strategyQueryOptions(id));
  return (
    <QueryStatus
      query={query}
      loading="Loading the strategy..."
      error="Failed to load the strategy"
      isEmpty={(strategy) => strategy === null}
      empty={<p className="strategies__empty">This strategy does not exist or is not published.</p>}
    >
      {(strategy) => strategy && <StrategyView strategy={strategy} />}
    </QueryStatus>
  );
}

/** A strategy in full: month, title, rendered text, the board and "Load board". */
export function StrategyView({ strategy }: { strategy: Strategy }) {
  const load = useLoadBoard();
  return (
    <article className="strategy-view" aria-labelledby="strategy-view-title">
      <Card className="strategy-view__text">
        <p className="strategy-item__month">
          <Badge tone="accent">
            {strategy.month ? formatStrategyMonth(strategy.month) : 'Draft'}
          </Badge>
        </p>
        <h2 id="strategy-view-title" className="strategy-view__title">
          {strategy.title}
        </h2>
        <Markdown text={strategy.body} />
      </Card>
      <Card as="section" className="strategy-view__board" labelledBy="strategy-board-title">
        <div className="strategy-view__board-head">
          <h2 id="strategy-board-title" className="strategy-view__board-title">
            The board
          </h2>
          <Button disabled={!load.ready} onClick={() => load.strategy(strategy)}>
            Load board
          </Button>
        </div>
        <StrategyBoard board={strategy.board} label={`The board of ${strategy.title}`} />
      </Card>
    </article>
  );
}
