import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Page, Spinner } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { ExchangePremiumLock } from '@/features/exchange';
import { AccountCard } from './account-card';
import { ApiKeyManager } from './api-keys/api-key-manager';
import { SubscriptionCard } from './subscription-card';
import './profile.css';

/** /profile: who is signed in, their badges, their subscription and their exchange keys. */
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
          <SubscriptionCard subscription={me.data.subscription} isPaidUser={me.data.isPaidUser} />
          <ApiKeyManager />
        </div>
      ) : null}
      <ExchangePremiumLock />
    </Page>
  );
}
