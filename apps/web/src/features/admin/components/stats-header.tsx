import { useQuery } from '@tanstack/react-query';
import type { UserStatsResponse } from '@tb/core';
import { Alert } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { userStatsQueryOptions } from '../api';

const STATS: readonly { key: keyof UserStatsResponse; label: string }[] = [
  { key: 'users', label: 'Users' },
  { key: 'premium', label: 'Premium' },
  { key: 'admins', label: 'Admins' },
  { key: 'verified', label: 'Verified' },
  { key: 'activeSubscriptions', label: 'Active subscriptions' },
  { key: 'trades', label: 'Trades' },
];

/** The panel's header: how many users, premium users, admins... */
export function StatsHeader() {
  const stats = useQuery(userStatsQueryOptions());
  return (
    <section className="admin-stats" aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="visually-hidden">
        Overview
      </h2>
      {stats.isError ? (
        <Alert tone="error">{errorMessage(stats.error, 'Failed to load user statistics')}</Alert>
      ) : (
        <dl className="admin-stats__list" aria-busy={stats.isPending || undefined}>
          {STATS.map(({ key, label }) => (
            <div key={key} className="admin-stat">
              <dt className="admin-stat__label">{label}</dt>
              <dd className="admin-stat__value">
                {stats.data ? (
                  stats.data[key].toLocaleString('en-US')
                ) : (
                  <>
                    <span className="admin-skeleton" aria-hidden="true" />
                    <span className="visually-hidden">Loading</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
