import { useQuery } from '@tanstack/react-query';
import { PURCHASABLE_PLAN_IDS } from '@tb/core';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '@/components';
import { meQueryOptions, usePremium } from '@/features/auth';
import { useSession } from '@/lib/use-session';
import { paymentLinksQueryOptions, planPaymentLink, subscriptionQueryOptions } from '../api';
import { BenefitsSection } from './benefits-section';
import { FreePlanCard } from './free-plan-card';
import { PaidPlanCard } from './paid-plan-card';
import { PaymentFaq } from './payment-faq';
import { PaymentHero } from './payment-hero';
import { PaymentStatusPanel } from './payment-status-panel';
import { PaymentTerms } from './payment-terms';
import './payment.css';

/**
 * /payment: the plans, crypto payment, what premium brings, the terms and the FAQ; with
 * ?payment=<id> (back from the provider's invoice page), that payment's state at the top.
 */
export function PaymentPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  const signedIn = useSession() !== null;
  const isPremium = usePremium();
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: signedIn });
  const links = useQuery(paymentLinksQueryOptions());

  return (
    <div className="payment">
      <PaymentHero
        signedIn={signedIn}
        username={me.data?.username ?? null}
        checkout={links.data?.checkout}
        status={
          paymentId ? (
            <PaymentStatusPanel
              paymentId={paymentId}
              cancelled={params.get('cancelled') === '1'}
              signedIn={signedIn}
            />
          ) : null
        }
      />
      <section className="payment__section" aria-labelledby="payment-plans-title">
        <h2 id="payment-plans-title" className="payment__heading">
          Choose your plan
        </h2>
        {/* The plans show at once; only their payment buttons wait for the links. */}
        <div aria-live="polite">
          <QueryStatus
            query={links}
            loading="Loading payment links..."
            error="Failed to load payment links"
          >
            {() => null}
          </QueryStatus>
        </div>
        <div className="payment-plans">
          <FreePlanCard
            signedIn={signedIn}
            isPremium={isPremium}
            status={subscription.isPending ? 'loading' : subscription.data?.freeTrial}
          />
          {PURCHASABLE_PLAN_IDS.map((id) => (
            <PaidPlanCard
              key={id}
              planId={id}
              link={planPaymentLink(links.data, id)}
              checkout={links.data?.checkout ?? false}
              signedIn={signedIn}
            />
          ))}
        </div>
      </section>
      <BenefitsSection />
      <PaymentTerms />
      <PaymentFaq />
    </div>
  );
}
