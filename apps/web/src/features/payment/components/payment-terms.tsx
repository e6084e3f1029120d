import { PAYMENT_TERMS } from '@tb/core';

/** The payment terms of SPEC.md section 9. */
export function PaymentTerms() {
  return (
    <section className="payment__section" aria-labelledby="payment-terms-title">
      <h2 id="payment-terms-title" className="payment__heading">
        Terms
      </h2>
      <ul className="payment-terms">
        <li className="payment-terms__item">
          <strong>{PAYMENT_TERMS.moneyBackDays}-day money-back guarantee.</strong> Not for you? Ask
          within {PAYMENT_TERMS.moneyBackDays} days of paying and you get your money back.
        </li>
        <li className="payment-terms__item">
          <strong>{PAYMENT_TERMS.paymentFeePct}% payment fee.</strong> The fee of the crypto payment
          processor.
        </li>
        <li className="payment-terms__item">
          <strong>{PAYMENT_TERMS.cryptocurrencies} cryptocurrencies.</strong> Pay in the coin you
          hold; the processor lists them on its payment page.
        </li>
        <li className="payment-terms__item">
          <strong>No automatic renewal.</strong> A plan runs for its days and stops; buying another
          adds its days after the current end date.
        </li>
      </ul>
    </section>
  );
}
