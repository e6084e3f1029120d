export { PaymentPage } from './components/payment-page';
