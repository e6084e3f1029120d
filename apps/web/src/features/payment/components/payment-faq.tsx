import { FREE_TRIAL, PAYMENT_TERMS, PLANS } from '@tb/core';

const QUESTIONS: readonly { question: string; answer: string }[] = [
  {
    question: 'What happens when my plan ends?',
    answer:
      'Premium stops on the end date shown on your profile. Your boards and trades stay saved; ' +
      'the premium features lock again until you start another plan. Nothing renews by itself.',
  },
  {
    question: 'Can I cancel?',
    answer:
      'Yes, from your profile. Cancelling stops nothing you paid for: you keep premium until ' +
      'the end of the period.',
  },
  {
    question: 'Which coins can I pay with?',
    answer:
      `Any of ${PAYMENT_TERMS.cryptocurrencies} cryptocurrencies, through ` +
      `our crypto payment processor (fee ${PAYMENT_TERMS.paymentFeePct}%). The payment page ` +
      'lists them.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      `Yes: every plan has a ${PAYMENT_TERMS.moneyBackDays}-day money-back guarantee. Answer ` +
      `the payment receipt within ${PAYMENT_TERMS.moneyBackDays} days of paying; the refund goes ` +
      'back through the payment processor.',
  },
  {
    question: 'How does the free plan work?',
    answer:
      `Once every ${FREE_TRIAL.claimEveryDays} days, a signed-in account without premium can ` +
      `start ${FREE_TRIAL.durationDays} days of premium for $${FREE_TRIAL.priceUsd}, with no ` +
      'payment details. When the days are over it simply ends.',
  },
  {
    question: 'What is the quick plan?',
    answer:
      `A ${PLANS.quick.durationDays}-day plan the team grants, for example as a gift or to ` +
      'make up for a problem. It is not sold here and shows on your profile like any plan.',
  },
];

/** Frequently asked questions, as a native disclosure list (keyboard and screen-reader ready). */
export function PaymentFaq() {
  return (
    <section className="payment__section" aria-labelledby="payment-faq-title">
      <h2 id="payment-faq-title" className="payment__heading">
        Questions
      </h2>
      <div className="payment-faq">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="payment-faq__item">
            <summary className="payment-faq__question">{question}</summary>
            <p className="payment-faq__answer">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
