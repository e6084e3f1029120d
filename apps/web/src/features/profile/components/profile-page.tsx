import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Page, Spinner } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { ExchangePremiumLock } from '@/features/exchange';
import { AccountCard } from './account-card';
import { ApiKeyManager } from './api-keys/api-key-manager';
import { ChangePasswordCard } from './change-password-card';
import { PreferencesCard } from './preferences-card';
import { SubscriptionCard } from './subscription-card';
import './profile.css';

/**
 * /profile: who is signed in, their badges, their subscription, their account settings
 * (trading-day time zone, leaderboard, password) and their exchange keys.
 */
export function ProfilePage() {
  const me = useQuery(meQueryOptions());

  return (
    <Page title="Profile">
      {me.isPending ? <Spinner label="Loading your profile..." /> : null}
      {me.isError ? (
        <Card>
          <div className="stack">
            <Alert tone="error">Failed to load user information</Alert>
            <div>
              <Button variant="secondary" onClick={() => void me.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
      {me.data ? (
        <div className="profile-grid">
          <AccountCard user={me.data} />
          <SubscriptionCard />
          <PreferencesCard user={me.data} />
          <ChangePasswordCard username={me.data.username} />
          <ApiKeyManager />
        </div>
      ) : null}
      <ExchangePremiumLock />
    </Page>
  );
}
