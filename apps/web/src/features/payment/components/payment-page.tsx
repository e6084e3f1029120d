import { useQuery } from '@tanstack/react-query';
import { PURCHASABLE_PLAN_IDS } from '@tb/core';
import { Alert, Button, Spinner } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { useSession } from '@/lib/use-session';
import { paymentLinksQueryOptions, planPaymentLink, subscriptionQueryOptions } from '../api';
import { BenefitsSection } from './benefits-section';
import { FreePlanCard } from './free-plan-card';
import { PaidPlanCard } from './paid-plan-card';
import { PaymentFaq } from './payment-faq';
import { PaymentHero } from './payment-hero';
import { PaymentTerms } from './payment-terms';
import './payment.css';

/** /payment: the plans, crypto payment, what premium brings, the terms and the FAQ. */
export function PaymentPage() {
  const signedIn = useSession() !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: signedIn });
  const links = useQuery(paymentLinksQueryOptions());
  const isPremium = signedIn && (subscription.data?.isPaidUser ?? me.data?.isPaidUser ?? false);

  return (
    <div className="payment">
      <PaymentHero signedIn={signedIn} username={me.data?.username ?? null} />
      <section className="payment__section" aria-labelledby="payment-plans-title">
        <h2 id="payment-plans-title" className="payment__heading">
          Choose your plan
        </h2>
        <div aria-live="polite">
          {links.isPending ? <Spinner label="Loading payment links..." /> : null}
          {links.isError ? (
            <div className="stack">
              <Alert tone="error">Failed to load payment links</Alert>
              <div>
                <Button variant="secondary" onClick={() => void links.refetch()}>
                  Try again
                </Button>
              </div>
            </div>
          ) : null}
        </div>
        <div className="payment-plans">
          <FreePlanCard
            signedIn={signedIn}
            isPremium={isPremium}
            status={subscription.isPending ? 'loading' : subscription.data?.freeTrial}
          />
          {PURCHASABLE_PLAN_IDS.map((id) => (
            <PaidPlanCard key={id} planId={id} link={planPaymentLink(links.data, id)} />
          ))}
        </div>
      </section>
      <BenefitsSection />
      <PaymentTerms />
      <PaymentFaq />
    </div>
  );
}
