export {
  applySubscriptionResponse,
  freeTrialMutationOptions,
  paymentKeys,
  subscriptionQueryOptions,
} from './api';
export { PaymentPage } from './components/payment-page';
