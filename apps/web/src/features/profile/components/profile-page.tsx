import { useQuery } from '@tanstack/react-query';
import { Page, QueryStatus } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { ExchangePremiumLock } from '@/features/exchange';
import { AccountCard } from './account-card';
import { ApiKeyManager } from './api-keys/api-key-manager';
import { ChangePasswordCard } from './change-password-card';
import { PaymentsCard } from './payments-card';
import { PreferencesCard } from './preferences-card';
import { SessionsCard } from './sessions-card';
import { SubscriptionCard } from './subscription-card';
import './profile.css';

/**
 * /profile: who is signed in, their badges, their subscription and payments, their account settings
 * (trading-day time zone, leaderboard, password), their signed-in devices and their exchange
 * keys.
 */
export function ProfilePage() {
  const me = useQuery(meQueryOptions());

  return (
    <Page title="Profile">
      <QueryStatus
        query={me}
        loading="Loading your profile..."
        error="Failed to load user information"
      >
        {(user) => (
          <div className="profile-grid">
            <AccountCard user={user} />
            <SubscriptionCard />
            <PaymentsCard />
            <PreferencesCard user={user} />
            <ChangePasswordCard username={user.username} />
            <SessionsCard />
            <ApiKeyManager />
          </div>
        )}
      </QueryStatus>
      <ExchangePremiumLock />
    </Page>
  );
}
