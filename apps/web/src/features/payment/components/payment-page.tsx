import { ComingSoon, Page } from '@/components';

export function PaymentPage() {
  return (
    <Page title="Upgrade to Premium" lead="More boards, analytics and live trading.">
      <ComingSoon heading="Plans and payment are on their way">
        <p>
          The quick, monthly, quarterly and annual plans with crypto payment will be offered here.
          Nothing can be bought on this page yet.
        </p>
      </ComingSoon>
    </Page>
  );
}
