import type { PublicUser } from '@tb/core';
import { Card } from '@/components';
import { FlattenSwitch } from './flatten-switch';
import { LeaderboardSwitch } from './leaderboard-switch';
import { TimeZoneForm } from './time-zone-form';

/**
 * Settings of the trader's own account: trading-day time zone, leaderboard visibility and
 * whether the lock closes positions.
 */
export function PreferencesCard({ user }: { user: PublicUser }) {
  return (
    <Card as="section" className="profile-card" labelledBy="settings-card-title">
      <h2 id="settings-card-title" className="profile-card__title">
        Settings
      </h2>
      <TimeZoneForm current={user.timeZone} />
      <LeaderboardSwitch shown={user.showOnLeaderboard} />
      <FlattenSwitch />
    </Card>
  );
}
