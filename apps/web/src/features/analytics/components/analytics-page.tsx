import { ComingSoon, Page } from '@/components';

export function AnalyticsPage() {
  return (
    <Page title="Analytics">
      <ComingSoon plans={['Win rate', 'Risk metrics', 'Charts', 'Pattern recognition']}>
        <p>Analytics of your trades are not available yet. Planned:</p>
      </ComingSoon>
    </Page>
  );
}
