export {
  applySubscriptionResponse,
  continuablePaymentUrl,
  freeTrialMutationOptions,
  paymentKeys,
  paymentLinksQueryOptions,
  paymentMessages,
  paymentsQueryOptions,
  subscriptionQueryOptions,
} from './api';
export { PaymentPage } from './components/payment-page';
export { PaymentStateBadge } from './components/payment-state-badge';
export { formatCoinAmount, missingAmountText, paymentPlanName } from './payment-format';
