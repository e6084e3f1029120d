import { subscriptionMessages } from '@tb/core';
import { buttonClass } from '@/components';

export interface PayActionProps {
  planName: string;
  /** The payment link; null when none is configured, undefined while unknown. */
  link: string | null | undefined;
}

/**
 * The crypto payment button of a plan: the configured link in a new tab, or, without one,
 * the honest message instead of a dead button. (No "contact us" here: SPEC.md's contact form
 * sends nothing, so it cannot be offered as a way to buy.)
 */
export function PayAction({ planName, link }: PayActionProps) {
  if (link === undefined) return null;
  if (link === null) {
    return (
      <div className="stack payment-plan__unavailable">
        <p className="payment-plan__status">
          <span className="visually-hidden">{planName}: </span>
          {subscriptionMessages.paymentNotConfigured}
        </p>
      </div>
    );
  }
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('primary', 'payment-plan__button')}
    >
      Pay with crypto{' '}
      <span className="visually-hidden">for the {planName} plan (opens in a new tab)</span>
    </a>
  );
}
