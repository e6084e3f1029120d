import { useQuery } from '@tanstack/react-query';
import type { UserStatsResponse } from '@tb/core';
import { QueryStatus } from '@/components';
import { formatCount } from '@/lib/format';
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
      <QueryStatus
        query={stats}
        loading="Loading user statistics..."
        error="Failed to load user statistics"
      >
        {(data) => (
          <dl className="admin-stats__list">
            {STATS.map(({ key, label }) => (
              <div key={key} className="admin-stat">
                <dt className="admin-stat__label">{label}</dt>
                <dd className="admin-stat__value">{formatCount(data[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryStatus>
    </section>
  );
}
