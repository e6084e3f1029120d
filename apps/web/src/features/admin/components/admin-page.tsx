import { useQuery } from '@tanstack/react-query';
import { Page } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { AuditLogCard } from './audit-log-card';
import { MessagesCard } from './messages-card';
import { PaymentsCard } from './payments-card';
import { StatsHeader } from './stats-header';
import { StrategiesCard } from './strategies-card';
import { UsersCard } from './users-card';
import './admin.css';

/**
 * /admin (behind RequireAdmin): counts, the user list with its actions, the payments, the
 * Contact Us messages, the audit log.
 */
export function AdminPage() {
  const me = useQuery(meQueryOptions());
  return (
    <Page
      title="Admin Panel"
      lead="Manage users, premium access and subscriptions, follow the crypto payments, and read the messages sent through Contact Us. Every change is written to the audit log."
    >
      <StatsHeader />
      <UsersCard meId={me.data?.id ?? null} />
      <PaymentsCard />
      <StrategiesCard />
      <MessagesCard />
      <AuditLogCard />
    </Page>
  );
}
