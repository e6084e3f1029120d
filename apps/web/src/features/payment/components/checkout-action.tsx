import { useMutation } from '@tanstack/react-query';
import type { PlanId } from '@tb/core';
import { Alert, Button } from '@/components';
import { openAuthDialog } from '@/features/auth';
import { errorMessage, isApiError } from '@/lib/api-error';
import { hardNavigate } from '@/lib/navigation';
import { createPaymentMutationOptions, InvoiceMissingError, paymentMessages } from '../api';

export interface CheckoutActionProps {
  planId: PlanId;
  planName: string;
  signedIn: boolean;
}

/**
 * "Pay with crypto" with NOWPayments configured (DESIGN.md section 14): an invoice for this
 * trader and plan, then a full navigation to the provider's page, which sends the trader back to
 * /payment?payment=<id>. Signed out, it asks to log in first: the invoice names the account.
 */
export function CheckoutAction({ planId, planName, signedIn }: CheckoutActionProps) {
  const create = useMutation({
    ...createPaymentMutationOptions(),
    onSuccess: (invoiceUrl) => hardNavigate(invoiceUrl),
    onError: (error) => {
      if (signedOut(error)) openAuthDialog('login');
    },
  });
  // After success the browser is leaving: stay busy rather than invite a second invoice.
  const busy = create.isPending || create.isSuccess;

  function pay() {
    if (!signedIn) openAuthDialog('login');
    else create.mutate(planId);
  }

  return (
    <div className="stack">
      <Button className="payment-plan__button" busy={busy} onClick={pay}>
        {busy ? 'Creating invoice...' : 'Pay with crypto'}{' '}
        <span className="visually-hidden">for the {planName} plan</span>
      </Button>
      {create.isError && !signedOut(create.error) ? (
        <Alert tone="error">{failure(create.error)}</Alert>
      ) : null}
    </div>
  );
}

/** The session ended meanwhile: the login dialog says it all. */
const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

function failure(error: unknown): string {
  if (error instanceof InvoiceMissingError) return error.message;
  return errorMessage(error, paymentMessages.createFailed);
}
