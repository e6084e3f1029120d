import { LEADERBOARD_SORT_KEYS, type LeaderboardQuery } from '@tb/core';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components';
import { directionWords, nextSort, sortLabels } from '../hooks/leaderboard-sort';

/** One toggle per sort (aria-pressed); pressing the active one flips its direction. */
export function SortButtons({
  value,
  onChange,
}: {
  value: LeaderboardQuery;
  onChange: (next: LeaderboardQuery) => void;
}) {
  return (
    <div className="lb-sort" role="group" aria-labelledby="lb-sort-label">
      <span className="lb-sort__label" id="lb-sort-label">
        Sort by
      </span>
      {LEADERBOARD_SORT_KEYS.map((key) => {
        const active = key === value.sort;
        return (
          <Button
            key={key}
            variant={active ? 'primary' : 'secondary'}
            className="lb-sort__button"
            aria-pressed={active}
            onClick={() => onChange(nextSort(value, key))}
          >
            {sortLabels[key]}
            {active ? (
              <>
                {value.direction === 'desc' ? (
                  <ArrowDown size={14} aria-hidden="true" />
                ) : (
                  <ArrowUp size={14} aria-hidden="true" />
                )}
                <span className="visually-hidden">, {directionWords(value.direction)}</span>
              </>
            ) : null}
          </Button>
        );
      })}
    </div>
  );
}
