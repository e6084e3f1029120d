import { ComingSoon, Page } from '@/components';

export function ShopPage() {
  return (
    <Page title="Shop">
      <ComingSoon plans={['Exclusive items', 'A bingo case']}>
        <p>The shop is not open yet. Planned:</p>
      </ComingSoon>
    </Page>
  );
}
