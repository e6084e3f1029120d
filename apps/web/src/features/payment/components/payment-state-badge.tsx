import type { PaymentState } from '@tb/core';
import { Badge } from '@/components';
import { PAYMENT_STATE_TONES, paymentStateLabel } from '../payment-format';

/** A payment's state in words, in the design system's tone for it. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return <Badge tone={PAYMENT_STATE_TONES[state]}>{paymentStateLabel(state)}</Badge>;
}
