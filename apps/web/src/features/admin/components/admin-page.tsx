import { ComingSoon, Page } from '@/components';

export function AdminPage() {
  return (
    <Page title="Admin Panel" lead="Manage users and subscriptions.">
      <ComingSoon heading="User management is on its way">
        <p>
          Listing users, setting premium and admin status, editing emails and usernames, and
          managing subscriptions will happen here.
        </p>
      </ComingSoon>
    </Page>
  );
}
