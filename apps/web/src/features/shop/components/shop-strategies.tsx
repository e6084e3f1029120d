import { useQuery } from '@tanstack/react-query';
import { formatStrategyMonth, premiumLockTexts, strategyExcerpt } from '@tb/core';
import { Link } from 'react-router';
import { Badge, Button, buttonClass, Card, QueryStatus } from '@/components';
import { strategyArchiveQueryOptions, useLoadBoard, usePlanView } from '@/features/strategies';
import { SignInOrPlans } from './shop-actions';

export const shopStrategyTexts = {
  title: 'Strategy boards',
  intro:
    'Every month a strategy and its 25-cell board: read the plan, then load the board onto your boards and tick it as you trade.',
  plans: 'Every premium plan',
  locked:
    'The strategy boards come with premium: every plan, from the monthly one, has each month’s strategy and the archive.',
  empty: 'No strategy has been published yet: the first board appears here.',
} as const;

/** The published strategy boards (premium: the archive), each with "Load board". */
export function ShopStrategies() {
  const plan = usePlanView();
  return (
    <Card as="section" className="shop-section" labelledBy="shop-strategies-title">
      <div className="shop-section__head">
        <h2 id="shop-strategies-title" className="shop-section__title">
          {shopStrategyTexts.title}
        </h2>
        <Badge tone="info">{shopStrategyTexts.plans}</Badge>
      </div>
      <p className="shop-section__intro">{shopStrategyTexts.intro}</p>
      {!plan.signedIn ? (
        <SignInOrPlans />
      ) : !plan.known ? null : plan.has('monthlyStrategyUpdate') ? (
        <StrategyBoards />
      ) : (
        <div className="shop-actions">
          <p className="shop-actions__note">{shopStrategyTexts.locked}</p>
          <Link to={premiumLockTexts.href} className={buttonClass('primary')}>
            See plans
          </Link>
        </div>
      )}
    </Card>
  );
}

function StrategyBoards() {
  const query = useQuery(strategyArchiveQueryOptions());
  const load = useLoadBoard();
  return (
    <QueryStatus
      query={query}
      loading="Loading the strategy boards..."
      error="Failed to load the strategy boards"
      isEmpty={(list) => list.length === 0}
      empty={<p className="shop-actions__note">{shopStrategyTexts.empty}</p>}
    >
      {(list) => (
        <ul className="shop-boards">
          {list.map((strategy) => (
            <li key={strategy.id} className="shop-board">
              <p className="shop-board__month">
                {strategy.month ? formatStrategyMonth(strategy.month) : ''}
              </p>
              <h3 className="shop-board__title">{strategy.title}</h3>
              <p className="shop-board__excerpt">{strategyExcerpt(strategy.body, 140)}</p>
              <div className="shop-board__actions">
                <Link
                  to={`/strategies/${strategy.id}`}
                  className={buttonClass('secondary')}
                  aria-label={`Read ${strategy.title}`}
                >
                  Read
                </Link>
                <Button
                  disabled={!load.ready}
                  aria-label={`Load board ${strategy.title}`}
                  onClick={() => load.strategy(strategy)}
                >
                  Load board
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryStatus>
  );
}
