import {
  PAYMENT_STATE_LABELS,
  PLANS,
  type Payment,
  type PaymentState,
  type PlanId,
} from '@tb/core';
import type { BadgeTone } from '@/components';
import { formatSize } from '@/lib/format';

/** 'Quarterly' for a plan on sale; the stored name as is for anything else. */
export function paymentPlanName(plan: string): string {
  return Object.hasOwn(PLANS, plan) ? PLANS[plan as PlanId].name : plan;
}

/** An amount in the coin the trader chose on the invoice, exact: '0.00012 BTC'. */
export function formatCoinAmount(amount: number, currency: string): string {
  return `${formatSize(amount)} ${currency.toUpperCase()}`;
}

/**
 * partially_paid: '0.00012 BTC more is needed: paid 0.00038 BTC of 0.0005 BTC.'; null until
 * the provider has said the amounts.
 */
export function missingAmountText(payment: Payment): string | null {
  const { payCurrency, payAmount, actuallyPaid, missing } = payment;
  if (payCurrency === null || missing === null) return null;
  const more = `${formatCoinAmount(missing, payCurrency)} more is needed`;
  if (payAmount === null || actuallyPaid === null) return `${more}.`;
  return `${more}: paid ${formatCoinAmount(actuallyPaid, payCurrency)} of ${formatCoinAmount(payAmount, payCurrency)}.`;
}

/** The design system's tone of each state: green once paid, red when it failed. */
export const PAYMENT_STATE_TONES: Readonly<Record<PaymentState, BadgeTone>> = {
  waiting: 'info',
  confirming: 'info',
  paid: 'long',
  partially_paid: 'accent',
  expired: 'neutral',
  failed: 'short',
  refunded: 'neutral',
};

export const paymentStateLabel = (state: PaymentState): string => PAYMENT_STATE_LABELS[state];
